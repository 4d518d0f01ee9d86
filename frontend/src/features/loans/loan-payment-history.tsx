import { ErrorBlock } from '@/components/error-block';
import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { type CheckedLoan } from '@/lib/loans';
import { useLoanDetail } from '@/features/loans/api/use-loan-detail';
import '@/components/bank-ui.css';
import '@/components/credit.css';

export function LoanPaymentHistory({ loan }: { loan: CheckedLoan }) {
  const detail = useLoanDetail(loan.id);
  const entries = detail.data?.payments_history ?? [];
  return (
    <section className="inline-panel" aria-label={`Payment history of loan #${loan.id}`}>
      <p className="inline-panel__title">
        Payment history · {loan.payments_made} paid, {loan.missed_payments} not paid
      </p>
      {detail.isPending ? (
        <p className="muted">Loading payment history...</p>
      ) : detail.isError ? (
        <ErrorBlock
          message={`Error loading payment history: ${errorDetail(detail.error)}`}
          onRetry={() => void detail.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="muted">No payments recorded yet.</p>
      ) : (
        <ul className="history-list" aria-label="Payment history" tabIndex={0}>
          {[...entries].reverse().map((entry) => (
            <li key={entry.date} className="history-list__item">
              <span>{formatDay(entry.date)}</span>
              <span className={`badge badge--${entry.status === 'Paid' ? 'success' : 'error'}`}>{entry.status}</span>
              <strong>{formatMoney(entry.value)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
