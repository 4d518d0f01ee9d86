import type { UseQueryResult } from '@tanstack/react-query';
import { StatBox } from '@/components/stat-box';
import { formatMoney } from '@/lib/money';
import type { LoanQuote } from '@/lib/loans';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import { quoteProblem } from '@/features/loans';

export function LoanQuotePreview({ quote, updating }: { quote: UseQueryResult<LoanQuote>; updating: boolean }) {
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
