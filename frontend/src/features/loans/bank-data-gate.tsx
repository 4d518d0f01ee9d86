import type { ReactNode } from 'react';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import type { Me } from '@/features/players';
import { useBankData, type BankData } from '@/features/loans/api/use-bank-data';

/** Loading, error with Retry, no profile, or the player's bank data handed to `children`. */
export function BankDataGate({ me, children }: { me: Me; children: (data: BankData) => ReactNode }) {
  const bankData = useBankData({ enabled: me.player !== null });
  if (!me.player) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">No player profile is linked to this account yet.</p>
        <p className="muted">Please contact an admin to create your player profile.</p>
      </div>
    );
  }
  if (bankData.isPending) return <LoadingBlock message="Loading banking data..." />;
  if (bankData.isError) {
    return (
      <ErrorBlock
        message={errorDetail(bankData.error, 'Your banking data could not be loaded.')}
        onRetry={() => void bankData.refetch()}
      />
    );
  }
  return <>{children(bankData.data)}</>;
}
