import { EmptyState } from '@/components/empty-state';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { useExchangeHistory } from '@/features/exchange/api/use-exchange-history';
import { ExchangeCard } from '@/features/exchange/exchange-card';

const NO_HISTORY = 'No pearl exchange history found';

export function PearlExchangeHistory({ playerId }: { playerId: number }) {
  const history = useExchangeHistory(playerId);
  if (history.isPending) return <LoadingBlock message="Loading pearl exchange history..." />;
  if (history.isError) {
    return (
      <ErrorBlock
        message={errorDetail(history.error, 'Your pearl exchange history could not be loaded.')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.length === 0) {
    return <EmptyState icon="inbox" title={NO_HISTORY} text="Use the Exchange Pearls tab to sell or buy pearls." />;
  }
  return (
    <div className="stack">
      {history.data.map((request) => (
        <ExchangeCard key={request.id} request={request} />
      ))}
    </div>
  );
}
