import { StatBox } from '@/components/stat-box';
import { formatDateTime, formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { formatTimezone, withdrawalStatusLabel, withdrawalStatusTone, type WithdrawalOfficer } from '@/lib/savings';
import { RequestCard, type RequestCardProps } from '@/features/requests';

/** A withdrawal request: when the player wants the bread, and the admin's notes once decided. */
export function WithdrawalRequestCard({ request, onDecide }: RequestCardProps<WithdrawalOfficer>) {
  return (
    <RequestCard
      request={request}
      onDecide={onDecide}
      approvals={request.approvals}
      approved={request.status === 'approved'}
      testId={`withdrawal-request-${request.id}`}
      titleId={`withdrawal-${request.id}-title`}
      icon="wallet"
      title={`${request.player_name} · Withdrawal #${request.id}`}
      meta={`${request.player_discord} · submitted ${formatDateTime(request.created_at)}`}
      badge={{ tone: withdrawalStatusTone(request.status), label: withdrawalStatusLabel(request.status) }}
      subject={request.status === 'pending' ? `${request.player_name}'s withdrawal #${request.id}` : undefined}
    >
      <dl className="stat-grid stat-grid--three stat-grid--stacked">
        <StatBox label="Amount" value={formatMoney(request.amount)} tone="gold" />
        <StatBox label="Withdrawal Date" value={formatDay(request.withdrawal_date)} />
        <StatBox label="Withdrawal Time" value={`${request.withdrawal_time} ${formatTimezone(request.player_timezone)}`} />
      </dl>
      {request.admin_notes && (
        <p className="item-card__reason">
          <span className="item-card__reason-label">Admin notes</span>
          {request.admin_notes}
          {request.decided_by && ` (${request.decided_by}${request.decided_at ? `, ${formatDateTime(request.decided_at)}` : ''})`}
        </p>
      )}
    </RequestCard>
  );
}
