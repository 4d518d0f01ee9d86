import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { formatDateTime, formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { formatTimezone, withdrawalStatusLabel, withdrawalStatusTone, type Withdrawal } from '@/lib/savings';
import type { Me } from '@/features/players/api/use-me';
import { useWithdrawalHistory } from '@/features/withdrawals/api/use-withdrawal-history';
import '@/components/bank-ui.css';

export const NO_WITHDRAWALS = 'No withdrawal history found';

export function WithdrawalCard({ withdrawal }: { withdrawal: Withdrawal }) {
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
      <dl className="stat-grid stat-grid--three">
        <StatBox label="Amount" value={formatMoney(withdrawal.amount)} tone="gold" />
        <StatBox label="Requested Date" value={formatDay(withdrawal.withdrawal_date)} />
        <StatBox label="Requested Time" value={`${withdrawal.withdrawal_time} ${formatTimezone(withdrawal.player_timezone)}`} />
      </dl>
      {withdrawal.admin_notes && (
        <p className="item-card__reason">
          <span className="item-card__reason-label">Admin notes</span>
          {withdrawal.admin_notes}
        </p>
      )}
    </article>
  );
}

export function WithdrawalHistoryTab({ me }: { me: Me }) {
  const history = useWithdrawalHistory(me.player?.id ?? null);
  if (!me.player) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">No player profile is linked to this account yet.</p>
        <p className="muted">Please contact an admin to create your player profile.</p>
      </div>
    );
  }
  if (history.isPending) return <LoadingBlock message="Loading withdrawal history..." />;
  if (history.isError) {
    return <ErrorBlock message={errorDetail(history.error, 'Your withdrawal history could not be loaded.')} onRetry={() => void history.refetch()} />;
  }
  if (history.data.length === 0) {
    return <EmptyState icon="wallet" title={NO_WITHDRAWALS} text="Requests you make in the Request Withdrawal tab show here." />;
  }
  return (
    <div className="stack">
      {history.data.map((withdrawal) => (
        <WithdrawalCard key={withdrawal.id} withdrawal={withdrawal} />
      ))}
    </div>
  );
}
