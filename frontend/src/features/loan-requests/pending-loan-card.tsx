import { StatBox } from '@/components/stat-box';
import { Icon } from '@/components/icon';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { LoanRateValue } from '@/components/loan-rate-value';
import { pendingStatusLabel, shortId, type PendingLoan } from '@/lib/loans';
import { plural } from '@/lib/plural';
import { PendingLoanDecision } from '@/features/loan-requests/pending-loan-decision';
import { CancelRequestButton } from '@/components/cancel-request-button';
import { useCancelLoanRequest } from '@/features/loan-requests/api/use-cancel-loan-request';
import '@/components/bank-ui.css';

const BADGE_TONE: Record<string, string> = { pending: 'warning', approved: 'success', denied: 'error', cancelled: 'neutral' };

export function PendingLoanCard({ request, rateDecimals }: { request: PendingLoan; rateDecimals?: number }) {
  const cancel = useCancelLoanRequest();
  return (
    <article className="card item-card" aria-labelledby={`request-${request.id}-title`}>
      <header className="item-card__head">
        <div>
          <h3 className="item-card__title" id={`request-${request.id}-title`}>
            Request #{shortId(request.id)}
          </h3>
          <p className="item-card__meta">
            <Icon name="calendar" size={14} /> Requested {formatDateTime(request.request_date)}
          </p>
        </div>
        <span className={`badge badge--${BADGE_TONE[request.status] ?? 'warning'}`}>{pendingStatusLabel(request.status)}</span>
      </header>
      <dl className="stat-grid">
        <StatBox label="Amount Requested" value={formatMoney(request.value)} />
        <StatBox label="Duration" value={plural(request.total_days, 'day')} />
        <StatBox label="Interest Rate" value={<LoanRateValue rate={request} decimals={rateDecimals} />} testId="loan-rate" wide />
        <StatBox label="Total to Pay" value={formatMoney(request.total_to_pay)} />
      </dl>
      <p className="item-card__reason">
        <span className="item-card__reason-label">Reason</span>
        {request.request_reason || 'No reason given'}
      </p>
      <PendingLoanDecision request={request} />
      <CancelRequestButton requestId={request.id} pending={request.status === 'pending'} subject={`loan request #${shortId(request.id)}`} cancel={cancel} />
    </article>
  );
}
