import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime, formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { formatTimezone, withdrawalStatusLabel, withdrawalStatusTone, type Withdrawal } from '@/lib/savings';
import { CancelRequestButton } from '@/components/cancel-request-button';
import { useCancelWithdrawal } from '@/features/withdrawals/api/use-cancel-withdrawal';
import '@/components/bank-ui.css';

export function WithdrawalCard({ withdrawal }: { withdrawal: Withdrawal }) {
  const cancel = useCancelWithdrawal();
  return (
    <article className="card item-card" aria-labelledby={`withdrawal-${withdrawal.id}-title`} data-testid={`withdrawal-${withdrawal.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="wallet" />
          </span>
          <div>
            <h3 className="item-card__title" id={`withdrawal-${withdrawal.id}-title`}>
              Withdrawal #{withdrawal.id}
            </h3>
            <p className="item-card__meta">Submitted {formatDateTime(withdrawal.created_at)}</p>
          </div>
        </div>
        <span className={`badge badge--${withdrawalStatusTone(withdrawal.status)}`}>{withdrawalStatusLabel(withdrawal.status)}</span>
      </header>
      <dl className="stat-grid stat-grid--three stat-grid--stacked">
        <StatBox label="Amount" value={formatMoney(withdrawal.amount)} tone="gold" />
        <StatBox label="Requested Date" value={formatDay(withdrawal.withdrawal_date)} />
        <StatBox label="Requested Time" value={`${withdrawal.withdrawal_time} ${formatTimezone(withdrawal.player_timezone)}`} />
      </dl>
      {withdrawal.decided_by && (withdrawal.status === 'approved' || withdrawal.status === 'denied') && (
        <p className="item-card__reason" data-testid="decided-by">
          <span className="item-card__reason-label">Decision</span>
          {withdrawal.status === 'approved' ? 'Approved' : 'Denied'} by {withdrawal.decided_by}
          {withdrawal.decided_at ? ` on ${formatDateTime(withdrawal.decided_at)}` : ''}
        </p>
      )}
      {withdrawal.admin_notes && (
        <p className="item-card__reason">
          <span className="item-card__reason-label">Admin notes</span>
          {withdrawal.admin_notes}
        </p>
      )}
      <CancelRequestButton requestId={withdrawal.id} pending={withdrawal.status === 'pending'} subject={`withdrawal request #${withdrawal.id}`} cancel={cancel} />
    </article>
  );
}
