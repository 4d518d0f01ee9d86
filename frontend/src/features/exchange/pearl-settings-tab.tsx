import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { useExchangeSettings } from '@/features/exchange/api/use-exchange-settings';
import { PearlCurrentRates } from '@/features/exchange/pearl-current-rates';
import { PearlRatesForm } from '@/features/exchange/pearl-rates-form';
import { ReadOnlyNote } from '@/components/read-only-note';
import { useMay } from '@/features/officers';
import '@/components/bank-ui.css';

export function PearlSettingsTab() {
  const settings = useExchangeSettings();
  // every officer reads the rates; a treasurer alone changes them (bank/roles.py)
  const mayChange = useMay('exchange_rates');
  if (settings.isPending) return <LoadingBlock message="Loading exchange settings..." />;
  if (settings.isError) {
    return <ErrorBlock message={`Error loading exchange settings: ${errorDetail(settings.error)}`} onRetry={() => void settings.refetch()} />;
  }
  if (!mayChange) {
    return (
      <div className="split">
        <PearlCurrentRates settings={settings.data} />
        <ReadOnlyNote>Only a treasurer can change these rates.</ReadOnlyNote>
      </div>
    );
  }
  return (
    <div className="split">
      <PearlRatesForm settings={settings.data} />
      <PearlCurrentRates settings={settings.data} />
    </div>
  );
}
