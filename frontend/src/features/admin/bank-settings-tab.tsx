import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { useBankSettings } from '@/features/bank-settings/api/use-bank-settings';
import { ThresholdForm } from '@/features/admin/threshold-form';
import { CurrentSettings } from '@/features/admin/current-settings';
import '@/components/bank-ui.css';

/** The Bank Settings tab (treasurers): the four-eyes threshold. */
export function BankSettingsTab() {
  const settings = useBankSettings();
  if (settings.isPending) return <LoadingBlock message="Loading bank settings..." />;
  if (settings.isError) {
    return <ErrorBlock message={`Error loading bank settings: ${errorDetail(settings.error)}`} onRetry={() => void settings.refetch()} />;
  }
  return (
    <div className="split">
      <ThresholdForm settings={settings.data} />
      <CurrentSettings settings={settings.data} />
    </div>
  );
}
