import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { Me } from '@/features/players';
import type { ExchangeType } from '@/features/exchange/api/keys';
import { useExchangeQuote } from '@/features/exchange/api/use-exchange-quote';
import { useExchangeSettings } from '@/features/exchange/api/use-exchange-settings';
import { useRequestExchange } from '@/features/exchange/api/use-request-exchange';
import { directionTitle, formatRatePerPearl, requestSentMessage } from '@/features/exchange/exchange-format';
import type { BankData } from '@/features/loans';
import { QuotePreview } from '@/features/exchange/quote-preview';
import '@/components/bank-ui.css';
import '@/features/exchange/exchange.css';

const SELL_LABEL = 'Where should the money go?';
const BUY_LABEL = 'Select Savings Account to Deduct From';
const SUBMIT_FAILED = 'Failed to submit pearl exchange request: ';

function savingsOptions(type: ExchangeType, savings: BankData['savings']): SelectOption<string>[] {
  const active = savings.filter((account) => account.status === 'Active');
  const accounts = active.map((account) => ({
    value: String(account.id),
    label:
      type === 'sell'
        ? `Add to Savings Account #${account.id} (${formatMoney(account.invested_value)})`
        : `Savings Account #${account.id} (${formatMoney(account.invested_value)} available)`,
  }));
  if (type === 'buy') {
    return [{ value: '', label: accounts.length ? 'Choose a savings account' : 'You have no active savings account' }, ...accounts];
  }
  return [
    { value: '', label: 'Choose where the money goes' },
    { value: 'cashout', label: 'Cash Out' },
    { value: 'new_savings', label: 'Create New Savings Account' },
    ...accounts,
  ];
}

/** The 400s that are the form's own validation (spec player-side §5) show the server's text alone. */
function submitError(error: unknown): string {
  if (error instanceof ApiError && error.status === 400 && (error.fields.pearls_amount || error.fields.savings_option)) {
    return error.detail;
  }
  return `${SUBMIT_FAILED}${errorDetail(error)}`;
}

export function ExchangeForm({ me, bankData }: { me: Me; bankData: BankData }) {
  const [type, setType] = useState<ExchangeType>('sell');
  const [pearls, setPearls] = useState('');
  const [option, setOption] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const settings = useExchangeSettings();
  const { quote, updating } = useExchangeQuote({ exchangeType: type, pearls });
  const request = useRequestExchange();
  const options = savingsOptions(type, bankData.savings);
  // an account that has since closed is no longer a choice
  const chosen = options.some((item) => item.value === option) ? option : '';
  const rate = settings.data ? (type === 'sell' ? settings.data.sell_rate : settings.data.buy_rate) : null;

  const switchTo = (next: ExchangeType) => {
    setType(next);
    setPearls('');
    setOption('');
    setNotice(null);
  };

  const editing = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (notice?.tone === 'error') setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!me.player || !pearls.trim() || !chosen) return;
    setNotice(null);
    request.mutate(
      { player_id: me.player.id, exchange_type: type, pearls_amount: pearls.trim(), savings_option: chosen },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: requestSentMessage(type) });
          setPearls('');
          setOption('');
        },
        onError: (error) => setNotice({ tone: 'error', text: submitError(error) }),
      },
    );
  };

  return (
    <Card title="Exchange Pearls" icon={<Icon name="gem" />}>
      <form className="form form--tight" onSubmit={submit} noValidate>
        <fieldset className="fieldset">
          <legend>Exchange type</legend>
          <div className="segmented">
            {(['sell', 'buy'] as const).map((item) => (
              <label key={item} className="segmented__option">
                <input type="radio" name="exchange-type" value={item} checked={type === item} onChange={() => switchTo(item)} />
                <Icon name={item === 'sell' ? 'coins' : 'gem'} size={16} />
                {directionTitle(item)}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="note" data-testid="current-rate">
          <Icon name="info" size={18} />
          <span>
            {type === 'sell' ? 'Pearls to bread. ' : 'Bread to pearls. '}
            {rate !== null
              ? `Current ${type} rate: ${formatRatePerPearl(rate)}`
              : settings.isError
                ? `The rates could not be loaded: ${errorDetail(settings.error)}`
                : 'Loading the rates...'}
            {type === 'buy' && '. Deducts from your savings'}
          </span>
        </p>
        <TextField
          label="Number of Pearls"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={pearls}
          onChange={editing(setPearls)}
          placeholder="e.g. 10"
        />
        <QuotePreview type={type} quote={quote} updating={updating} />
        <SelectField label={type === 'sell' ? SELL_LABEL : BUY_LABEL} value={chosen} options={options} onChange={editing(setOption)} />
        <NoticeBanner notice={notice} />
        <button type="submit" className="btn btn--primary btn--block" disabled={!pearls.trim() || !chosen || request.isPending}>
          <Icon name="send" size={18} />
          {request.isPending ? 'Submitting...' : `Submit ${type === 'sell' ? 'Sell' : 'Buy'} Request`}
        </button>
      </form>
    </Card>
  );
}
