import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { StatBox } from '@/components/stat-box';
import { AmountField } from '@/components/amount-field';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { formatMoney, parseAmount } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { formatRate, loanPreview, parseDays } from '@/lib/loans';
import type { Me } from '@/features/players/api/use-me';
import { useRequestLoan } from '@/features/loan-requests/api/use-request-loan';
import { loanEligibilityQueryOptions } from '@/features/credit/api/use-loan-eligibility';
import '@/components/bank-ui.css';

export const FILL_REQUIRED = 'Please fill in all required fields';
export const REQUEST_SENT = 'Loan request submitted successfully! Please wait for admin approval.';
export const NO_PROFILE = 'Player profile not found. Please contact admin to create your player profile first.';

const RATE_TABLE = [
  { amount: 'Exactly €100,000', rate: '50%' },
  { amount: 'Exactly €500,000', rate: '35%' },
  { amount: 'Any other amount', rate: '30%' },
];

function tierName(tier: string | undefined): string {
  if (!tier) return '';
  return tier.charAt(0).toUpperCase() + tier.slice(1).toLowerCase();
}

export function RequestLoanTab({ me }: { me: Me }) {
  const player = me.player;
  const [amount, setAmount] = useState('');
  const [days, setDays] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const request = useRequestLoan();
  const eligibility = useQuery({ ...loanEligibilityQueryOptions(player?.id ?? 0), enabled: player !== null });

  const parsedAmount = parseAmount(amount);
  const parsedDays = parseDays(days);
  const discount = eligibility.data?.rate_discount ?? 0;
  const preview = parsedAmount ? loanPreview({ amount: parsedAmount, days: parsedDays, rateDiscount: discount }) : null;
  const maxAmount = eligibility.data?.max_loan_amount;
  const overMax = parsedAmount !== null && maxAmount !== undefined && parsedAmount > maxAmount;

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
        value: parsedAmount ?? amount.trim(),
        total_days: parsedDays ?? days.trim(),
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
            min={1}
            step={1}
            value={days}
            onChange={editing(setDays)}
            placeholder="e.g. 30"
          />
          <TextAreaField
            label="Reason (optional)"
            value={reason}
            onChange={editing(setReason)}
            maxLength={1000}
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
        <section aria-label="Your loan preview" aria-live="polite">
          {preview && parsedAmount ? (
            <>
              <p className="rate-box__rate" data-testid="preview-rate">
                {formatRate(preview.rate)}
              </p>
              <p className="muted">
                Base rate {formatRate(preview.baseRate)} for {formatMoney(parsedAmount)}
                {preview.discountPoints > 0 &&
                  `, minus your ${tierName(eligibility.data?.tier)} tier discount of ${preview.discountPoints}%`}
                .
              </p>
              <dl className="stat-grid stat-grid--compact">
                <StatBox label="Loan Amount" value={formatMoney(parsedAmount)} />
                <StatBox label="Total to Pay" value={formatMoney(preview.totalToPay)} testId="preview-total" />
                <StatBox
                  label="Daily Payment"
                  value={preview.dailyPayment !== null ? formatMoney(preview.dailyPayment) : '—'}
                  sub={parsedDays ? `for ${parsedDays} ${parsedDays === 1 ? 'day' : 'days'}` : 'Enter the duration'}
                  testId="preview-daily"
                />
              </dl>
            </>
          ) : (
            <p className="rate-box__placeholder">Type an amount to see your interest rate, the total to pay and the daily payment.</p>
          )}
        </section>
        {overMax && maxAmount !== undefined && (
          <p className="alert alert--error rate-box__alert">The maximum loan amount for your tier is {formatMoney(maxAmount)}</p>
        )}
        {eligibility.data && !eligibility.data.is_eligible && (
          <p className="alert alert--error rate-box__alert">{eligibility.data.reason}</p>
        )}
        <table className="rate-table">
          <caption>Base interest for the whole loan</caption>
          <tbody>
            {RATE_TABLE.map((row) => (
              <tr key={row.amount}>
                <th scope="row">{row.amount}</th>
                <td>{row.rate}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">
          {eligibility.data
            ? `${tierName(eligibility.data.tier)} tier: ${eligibility.data.rate_discount > 0 ? `${eligibility.data.rate_discount}% off these rates` : 'standard rates'}, loans up to ${formatMoney(eligibility.data.max_loan_amount)}.`
            : 'Silver and Gold credit tiers take 1% and 2% off these rates.'}
        </p>
      </Card>
    </div>
  );
}
