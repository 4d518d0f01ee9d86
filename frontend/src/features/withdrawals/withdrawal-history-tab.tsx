import { EmptyState } from '@/components/empty-state';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import type { Me } from '@/features/players';
import { useWithdrawalHistory } from '@/features/withdrawals/api/use-withdrawal-history';
import { WithdrawalCard } from '@/features/withdrawals/withdrawal-card';
import '@/components/bank-ui.css';

const NO_WITHDRAWALS = 'No withdrawal history found';

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
