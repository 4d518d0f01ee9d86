import { useState, type FormEvent } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { StatBox } from '@/components/stat-box';
import { AmountField } from '@/components/amount-field';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { formatMoney, parseAmount } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { parseDays, type LoanQuote } from '@/lib/loans';
import { formatPercent, listDecimals } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { Me } from '@/features/players/api/use-me';
import { useRequestLoan } from '@/features/loan-requests/api/use-request-loan';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { loanQuoteQueryOptions, useLoanQuote } from '@/features/loans/api/use-loan-quote';
import { quoteProblem } from '@/features/loans/quote-problem';
import '@/components/bank-ui.css';

const FILL_REQUIRED = 'Please fill in all required fields';
const REQUEST_SENT = 'Loan request submitted successfully! Please wait for admin approval.';
const NO_PROFILE = 'Player profile not found. Please contact admin to create your player profile first.';

const NOTHING_TYPED = { playerId: null, value: '', totalDays: '' };

function QuotePreview({ quote, updating }: { quote: UseQueryResult<LoanQuote>; updating: boolean }) {
  const problem = quoteProblem(quote);
  const answer = quote.data;
  return (
    <section
      aria-label="Your loan preview"
      aria-live="polite"
      aria-busy={updating}
      className={updating ? 'rate-box__preview rate-box__preview--updating' : 'rate-box__preview'}
    >
      {problem ? (
        <p className="alert alert--error rate-box__alert">{problem}</p>
      ) : answer && answer.value !== null && answer.interest_rate !== null && answer.base_rate !== null ? (
        <>
          <p className="rate-box__rate" data-testid="preview-rate">
            {formatPercent(answer.interest_rate)}
          </p>
          <p className="muted">
            Base rate {formatPercent(answer.base_rate)} for {formatMoney(answer.value)}
            {answer.tier_discount > 0 && `, minus your ${answer.tier} tier discount of ${formatPercent(answer.tier_discount)}`}.
          </p>
          <dl className="stat-grid stat-grid--compact">
            <StatBox label="Loan Amount" value={formatMoney(answer.value)} />
            <StatBox label="Total to Pay" value={formatMoney(answer.total_to_pay ?? 0)} testId="preview-total" />
            <StatBox
              label="Daily Payment"
              value={answer.daily_payment !== null ? formatMoney(answer.daily_payment) : '—'}
              sub={answer.total_days ? `for ${plural(answer.total_days, 'day')}` : 'Enter the duration'}
              testId="preview-daily"
            />
          </dl>
        </>
      ) : (
        <p className="rate-box__placeholder">Type an amount to see your interest rate, the total to pay and the daily payment.</p>
      )}
      {!problem && answer && !answer.eligible && answer.reason && (
        <p className="alert alert--error rate-box__alert" data-testid="quote-reason">
          {answer.reason}
        </p>
      )}
    </section>
  );
}

/** The rate table and the player's tier, as the server prices loans (the quote with nothing typed). */
function RateTable({ terms }: { terms: UseQueryResult<LoanQuote> }) {
  if (!terms.data) {
    return <p className="muted">{terms.isError ? `The rates could not be loaded: ${errorDetail(terms.error)}` : 'Loading the rates...'}</p>;
  }
  const { rate_table: rows, tier, tier_discount: discount, max_loan_amount: maxAmount } = terms.data;
  const rateDecimals = listDecimals(rows.map((row) => row.rate));
  return (
    <>
      <table className="rate-table">
        <caption>Base interest for the whole loan</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatPercent(row.rate, rateDecimals)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted" data-testid="tier-terms">
        {tier} tier: {discount > 0 ? `${formatPercent(discount)} off these rates` : 'standard rates'}, loans up to {formatMoney(maxAmount)}.
      </p>
    </>
  );
}

export function RequestLoanTab({ me }: { me: Me }) {
  const player = me.player;
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const request = useRequestLoan();
  const limits = useLoanLimits();
  // a player asks for their own quote: no player id
  const { quote, updating } = useLoanQuote({ playerId: null, value: amount, totalDays: days }, { enabled: player !== null });
  const terms = useQuery({ ...loanQuoteQueryOptions(NOTHING_TYPED), enabled: player !== null });

  // an error speaks of what was typed: once the player changes it, the error is out of date
  const editing = (set: (value: string) => void) => (value: string) => {
    set(value);
    if (notice?.tone === 'error') setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!amount.trim() || !days.trim()) {
      setNotice({ tone: 'error', text: FILL_REQUIRED });
      return;
    }
    if (!player) {
      setNotice({ tone: 'error', text: NO_PROFILE });
      return;
    }
    setNotice(null);
    request.mutate(
      {
        player_id: player.id,
        // what cannot be read here goes as typed: the server answers why it is wrong
        value: parseAmount(amount) ?? amount.trim(),
        total_days: parseDays(days) ?? days.trim(),
        request_reason: reason.trim(),
        user: me.username,
      },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: REQUEST_SENT });
          setAmount('');
          setDays('');
          setReason('');
        },
        onError: (error) => setNotice({ tone: 'error', text: `Error submitting loan request: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <div className="split">
      <Card title="Loan Request" icon={<Icon name="filePlus" />}>
        <form className="form form--tight" onSubmit={submit} noValidate>
          <AmountField
            label="Loan Amount"
            value={amount}
            onChange={editing(setAmount)}
            hint="Type a whole number or a shortcut such as 100k, 500k or 1m."
          />
          <TextField
            label="Loan Duration (Days)"
            type="number"
            inputMode="numeric"
            min={limits.data?.min_days}
            max={limits.data?.max_days}
            step={1}
            value={days}
            onChange={editing(setDays)}
            placeholder="e.g. 30"
          />
          <TextAreaField
            label="Reason (optional)"
            value={reason}
            onChange={editing(setReason)}
            maxLength={limits.data?.notes_max_length}
            placeholder="What is the loan for?"
          />
          <NoticeBanner notice={notice} />
          <button type="submit" className="btn btn--primary btn--block" disabled={request.isPending}>
            <Icon name="send" size={18} />
            {request.isPending ? 'Submitting...' : 'Submit Loan Request'}
          </button>
        </form>
      </Card>

      <Card title="Interest Rate" icon={<Icon name="info" />} tone="accent" className="rate-box">
        <QuotePreview quote={quote} updating={updating} />
        {player && <RateTable terms={terms} />}
      </Card>
    </div>
  );
}
