import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import type { PearlExchangeRequestOfficer } from '@/features/exchange/api/types';
import {
  destinationLabel,
  directionTitle,
  formatPearls,
  formatRatePerPearl,
  STATUS_LABEL,
  STATUS_TONE,
} from '@/features/exchange/exchange-format';
import { RequestCard, type RequestCardProps } from '@/features/requests';

/** A pearl sale or purchase: pearls, bread and rate, and who decided it once it is decided. */
export function PearlRequestCard({ request, onDecide }: RequestCardProps<PearlExchangeRequestOfficer>) {
  return (
    <RequestCard
      request={request}
      onDecide={onDecide}
      approvals={request.approvals}
      approved={request.status === 'approved'}
      testId={`pearl-request-${request.id}`}
      titleId={`pearl-request-${request.id}-title`}
      icon={request.exchange_type === 'sell' ? 'coins' : 'gem'}
      title={`${request.player_name}: ${directionTitle(request.exchange_type)}`}
      meta={`${request.player_discord} · request #${request.id} · ${formatDateTime(request.request_date)}`}
      badge={{ tone: STATUS_TONE[request.status], label: STATUS_LABEL[request.status] }}
      subject={request.status === 'pending' ? `${request.player_name}'s pearl request #${request.id}` : undefined}
    >
      <dl className="stat-grid">
        <StatBox label="Pearls" value={formatPearls(request.pearls_amount)} />
        <StatBox label="Bread Amount" value={formatMoney(request.bread_amount)} />
        <StatBox label="Rate" value={formatRatePerPearl(request.exchange_rate)} />
        <StatBox label={destinationLabel(request.exchange_type)} value={request.destination} />
      </dl>
      {request.status !== 'pending' && (
        <div className={`decision decision--${request.status}`}>
          <p className="decision__title">
            {STATUS_LABEL[request.status]}
            {request.decided_by ? ` by ${request.decided_by}` : ''}
            {request.decided_at ? ` on ${formatDateTime(request.decided_at)}` : ''}
            {request.created_savings_id ? `, opened Savings Account #${request.created_savings_id}` : ''}
          </p>
          {request.admin_notes && <p>Admin notes: {request.admin_notes}</p>}
        </div>
      )}
    </RequestCard>
  );
}
