import { useState, type FormEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { TextField } from '@/components/text-field';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { Me } from '@/features/players/api/use-me';
import type { ExchangeType } from '@/features/exchange/api/keys';
import type { ExchangeQuote } from '@/features/exchange/api/types';
import { useExchangeQuote } from '@/features/exchange/api/use-exchange-quote';
import { useExchangeSettings } from '@/features/exchange/api/use-exchange-settings';
import { useRequestExchange } from '@/features/exchange/api/use-request-exchange';
import { calculationLine, directionTitle, formatRatePerPearl, requestSentMessage } from '@/features/exchange/exchange-format';
import { BankDataGate } from '@/features/player/bank-data-gate';
import type { BankData } from '@/features/player/api/use-bank-data';
import '@/components/bank-ui.css';
import '@/features/exchange/exchange.css';

export const SELL_LABEL = 'Where should the money go?';
export const BUY_LABEL = 'Select Savings Account to Deduct From';
export const SUBMIT_FAILED = 'Failed to submit pearl exchange request: ';

/** What the form reads of the player's savings accounts in their bank data. */
interface SavingsChoice {
  id: number;
  invested_value: number;
  status: string;
}

function savingsOptions(type: ExchangeType, savings: BankData['savings']): SelectOption<string>[] {
  const active = (savings as SavingsChoice[]).filter((account) => account.status === 'Active');
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

function QuotePreview({ type, quote, updating }: { type: ExchangeType; quote: UseQueryResult<ExchangeQuote>; updating: boolean }) {
  const answer = quote.data;
  const problem = quote.isError ? errorDetail(quote.error) : null;
  return (
    <section
      aria-label="Your exchange preview"
      aria-live="polite"
      aria-busy={updating}
      className={updating ? 'exchange-preview rate-box__preview rate-box__preview--updating' : 'exchange-preview rate-box__preview'}
    >
      <dl className="stat-grid stat-grid--compact">
        <StatBox
          label={type === 'sell' ? 'You Will Receive' : 'You Will Pay'}
          value={answer && !problem ? formatMoney(answer.bread_amount) : '—'}
          tone={type === 'sell' ? 'success' : undefined}
          testId="exchange-amount"
        />
      </dl>
      {problem ? (
        <p className="alert alert--error rate-box__alert">{problem}</p>
      ) : answer && answer.pearls_amount !== null ? (
        <p className="muted" data-testid="exchange-calculation">
          {calculationLine({ pearls: answer.pearls_amount, rate: answer.exchange_rate, bread: answer.bread_amount })}
        </p>
      ) : (
        <p className="rate-box__placeholder">Type a number of pearls to see the amount.</p>
      )}
    </section>
  );
}

function ExchangeForm({ me, bankData }: { me: Me; bankData: BankData }) {
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

function RatesCard() {
  const settings = useExchangeSettings();
  return (
    <Card title="Exchange Rates" icon={<Icon name="info" />} tone="accent">
      {settings.data ? (
        <dl className="stat-grid stat-grid--compact stat-grid--rates">
          <StatBox label="Sell Rate" value={formatRatePerPearl(settings.data.sell_rate)} sub="you receive" testId="sell-rate" />
          <StatBox label="Buy Rate" value={formatRatePerPearl(settings.data.buy_rate)} sub="you pay" testId="buy-rate" />
        </dl>
      ) : (
        <p className="muted">{settings.isError ? `The rates could not be loaded: ${errorDetail(settings.error)}` : 'Loading the rates...'}</p>
      )}
      {settings.data?.last_updated && <p className="muted">Last updated {formatDateTime(settings.data.last_updated)}</p>}
      <ul className="exchange-notes" aria-label="Good to know">
        <li className="note">
          <Icon name="info" size={18} />
          <span>An administrator reviews every exchange request before anything moves.</span>
        </li>
        <li className="note">
          <Icon name="info" size={18} />
          <span>Rates may change: a request keeps the rate it was submitted at.</span>
        </li>
        <li className="note">
          <Icon name="info" size={18} />
          <span>You will be contacted on Discord when your request is processed.</span>
        </li>
      </ul>
    </Card>
  );
}

export function ExchangePearlsTab({ me }: { me: Me }) {
  return (
    <BankDataGate me={me}>
      {(bankData) => (
        <div className="split">
          <ExchangeForm me={me} bankData={bankData} />
          <RatesCard />
        </div>
      )}
    </BankDataGate>
  );
}
