import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import type { ExchangeSettings } from '@/features/exchange/api/types';
import { useSetExchangeRates } from '@/features/exchange/api/use-set-exchange-rates';

const RATES_UPDATED = 'Exchange rates updated successfully!';

/** The treasurer's form for the sell and buy rates of pearls (PUT exchange-settings). */
export function PearlRatesForm({ settings }: { settings: ExchangeSettings }) {
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
