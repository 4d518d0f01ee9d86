import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { formatCount, plural } from '@/lib/plural';
import { useWithdrawalRequestPages } from '@/features/withdrawals/api/use-withdrawal-requests';
import { RequestQueue, WHO_DECIDES } from '@/features/requests';
import { WithdrawalDecisionDialog } from '@/features/withdrawals/withdrawal-decision-dialog';
import { WithdrawalRequestCard } from '@/features/withdrawals/withdrawal-request-card';
import '@/components/bank-ui.css';

export function WithdrawalRequestsTab() {
  const requests = useWithdrawalRequestPages();

  if (requests.isPending) return <LoadingBlock message="Loading withdrawal requests..." />;
  if (requests.isError) {
    return <ErrorBlock message={`Error loading withdrawal requests: ${errorDetail(requests.error)}`} onRetry={() => void requests.refetch()} />;
  }
  const pages = requests.data.pages;
  const rows = pages.flatMap((page) => page.withdrawal_requests);
  const count = pages.at(-1)?.count ?? 0;
  const pending = pages[0]?.pending_count ?? 0;
  return (
    <>
      <div className="toolbar">
        <span className="muted" data-testid="withdrawal-counts">
          {formatCount(pending)} pending of {plural(count, 'request')}, pending first
        </span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void requests.refetch()}>
          Refresh
        </button>
      </div>
      <RequestQueue
        rows={rows}
        count={count}
        paging={requests}
        empty={{ title: 'No withdrawal requests', text: "Players' withdrawal requests show here." }}
        readOnlyNote={WHO_DECIDES}
        Card={WithdrawalRequestCard}
        Dialog={WithdrawalDecisionDialog}
      />
    </>
  );
}
