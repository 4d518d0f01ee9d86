import { StatBox } from '@/components/stat-box';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { loanRateText, pendingStatusLabel, shortId, type PendingLoan } from '@/lib/loans';
import { listDecimals } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { Me } from '@/features/players/api/use-me';
import { BankDataGate } from '@/features/player/bank-data-gate';
import { RequestLoanButton } from '@/features/player/request-loan-button';
import '@/components/bank-ui.css';

const BADGE_TONE: Record<string, string> = { pending: 'warning', approved: 'success', denied: 'error' };

function Decision({ request }: { request: PendingLoan }) {
  if (request.status === 'denied') {
    return (
      <div className="decision decision--denied">
        <p className="decision__title">
          Denied{request.denied_by ? ` by ${request.denied_by}` : ''}
          {request.denied_date ? ` on ${formatDateTime(request.denied_date)}` : ''}
        </p>
        <p>Reason: {request.admin_notes || 'No reason recorded'}</p>
      </div>
    );
  }
  if (request.status === 'approved') {
    return (
      <div className="decision decision--approved">
        <p className="decision__title">
          Approved{request.approved_by ? ` by ${request.approved_by}` : ''}
          {request.approved_date ? ` on ${formatDateTime(request.approved_date)}` : ''}
          {request.converted_loan_id ? ` and converted to loan #${request.converted_loan_id}` : ''}
        </p>
        {request.admin_notes && <p>Note: {request.admin_notes}</p>}
      </div>
    );
  }
  return (
    <div className="decision decision--pending">
      <p>An administrator will review this request. You will be contacted on Discord.</p>
    </div>
  );
}

export function PendingLoanCard({ request, rateDecimals }: { request: PendingLoan; rateDecimals?: number }) {
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
        <StatBox label="Interest Rate" value={loanRateText(request, rateDecimals)} />
        <StatBox label="Total to Pay" value={formatMoney(request.total_to_pay)} />
      </dl>
      <p className="item-card__reason">
        <span className="item-card__reason-label">Reason</span>
        {request.request_reason || 'No reason given'}
      </p>
      <Decision request={request} />
    </article>
  );
}

export function PendingLoansTab({ me, onOpenRequest }: { me: Me; onOpenRequest: () => void }) {
  return (
    <BankDataGate me={me}>
      {(data) =>
        data.pending_loans.length === 0 ? (
          <EmptyState
            icon="inbox"
            title="You have no pending loan requests"
            text="Use the Request Loan tab to ask for a loan."
            action={<RequestLoanButton onClick={onOpenRequest} />}
          />
        ) : (
          <div className="stack">
            {data.pending_loans.map((request) => (
              <PendingLoanCard
                key={request.id}
                request={request}
                rateDecimals={listDecimals(data.pending_loans.map((item) => item.interest_rate))}
              />
            ))}
          </div>
        )
      }
    </BankDataGate>
  );
}
