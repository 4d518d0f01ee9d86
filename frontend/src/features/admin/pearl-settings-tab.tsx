import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextField } from '@/components/text-field';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import type { ExchangeSettings } from '@/features/exchange/api/types';
import { useExchangeSettings } from '@/features/exchange/api/use-exchange-settings';
import { useSetExchangeRates } from '@/features/exchange/api/use-set-exchange-rates';
import { formatRatePerPearl } from '@/features/exchange/exchange-format';
import '@/components/bank-ui.css';
import '@/features/exchange/exchange.css';

const RATES_UPDATED = 'Exchange rates updated successfully!';

function RatesForm({ settings }: { settings: ExchangeSettings }) {
  // null: not edited, so the field follows the saved rate (another admin may change it meanwhile)
  const [sell, setSell] = useState<string | null>(null);
  const [buy, setBuy] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const update = useSetExchangeRates();
  const sellText = sell ?? String(settings.sell_rate);
  const buyText = buy ?? String(settings.buy_rate);

  const editing = (set: (value: string | null) => void) => (value: string) => {
    set(value);
    if (notice) setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    update.mutate(
      { sell_rate: sellText.trim(), buy_rate: buyText.trim() },
      {
        onSuccess: () => {
          setSell(null);
          setBuy(null);
          setNotice({ tone: 'success', text: RATES_UPDATED });
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error updating exchange rates: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <Card title="Exchange Rates" icon={<Icon name="gem" />}>
      <form className="form form--tight" onSubmit={submit} noValidate>
        <TextField
          label="Sell Rate (bread per pearl)"
          hint="What a player receives for one pearl. Must be lower than the buy rate."
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={sellText}
          onChange={editing(setSell)}
        />
        <TextField
          label="Buy Rate (bread per pearl)"
          hint="What a player pays for one pearl."
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={buyText}
          onChange={editing(setBuy)}
        />
        <NoticeBanner notice={notice} />
        <button type="submit" className="btn btn--primary btn--block" disabled={update.isPending || !sellText.trim() || !buyText.trim()}>
          {update.isPending ? 'Updating...' : 'Update Exchange Rates'}
        </button>
      </form>
    </Card>
  );
}

function CurrentRates({ settings }: { settings: ExchangeSettings }) {
  return (
    <Card title="Current Rates" icon={<Icon name="info" />} tone="accent">
      <dl className="stat-grid stat-grid--compact stat-grid--rates">
        <StatBox label="Sell Rate" value={formatRatePerPearl(settings.sell_rate)} testId="current-sell-rate" />
        <StatBox label="Buy Rate" value={formatRatePerPearl(settings.buy_rate)} testId="current-buy-rate" />
      </dl>
      <p className="muted" data-testid="rates-updated">
        {settings.last_updated
          ? `Last updated ${formatDateTime(settings.last_updated)} by ${settings.updated_by ?? 'an admin'}`
          : 'Never changed: the default rates apply.'}
      </p>
    </Card>
  );
}

export function PearlSettingsTab() {
  const settings = useExchangeSettings();
  if (settings.isPending) return <LoadingBlock message="Loading exchange settings..." />;
  if (settings.isError) {
    return <ErrorBlock message={`Error loading exchange settings: ${errorDetail(settings.error)}`} onRetry={() => void settings.refetch()} />;
  }
  return (
    <div className="split">
      <RatesForm settings={settings.data} />
      <CurrentRates settings={settings.data} />
    </div>
  );
}
