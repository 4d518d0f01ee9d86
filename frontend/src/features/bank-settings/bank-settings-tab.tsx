import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { useBankSettings } from '@/features/bank-settings/api/use-bank-settings';
import { ThresholdForm } from '@/features/bank-settings/threshold-form';
import { SecondFactorRequirement } from '@/features/bank-settings/second-factor-requirement';
import { AutoBadPayer } from '@/features/bank-settings/auto-bad-payer';
import { CurrentSettings } from '@/features/bank-settings/current-settings';
import { ReadOnlyNote } from '@/components/read-only-note';
import { useMay } from '@/features/officers';
import '@/components/bank-ui.css';

/** The Bank Settings tab: the four-eyes threshold, the bounds and the arrears rules, published to every officer; a treasurer changes them. */
export function BankSettingsTab() {
  const settings = useBankSettings();
  const mayChange = useMay('bank_settings');
  if (settings.isPending) return <LoadingBlock message="Loading bank settings..." />;
  if (settings.isError) {
    return <ErrorBlock message={`Error loading bank settings: ${errorDetail(settings.error)}`} onRetry={() => void settings.refetch()} />;
  }
  if (!mayChange) {
    return (
      <div className="split">
        <CurrentSettings settings={settings.data} />
        <ReadOnlyNote>Only a treasurer can change these settings.</ReadOnlyNote>
      </div>
    );
  }
  return (
    <div className="split">
      <div>
        <ThresholdForm settings={settings.data} />
        <SecondFactorRequirement settings={settings.data} />
        <AutoBadPayer settings={settings.data} />
      </div>
      <CurrentSettings settings={settings.data} />
    </div>
  );
}
