import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { listDecimals } from '@/lib/percent';
import { plural } from '@/lib/plural';
import { useOpenLoanRequestPages } from '@/features/loan-requests/api/use-open-loan-requests';
import { LoanRequestCard, RateDecimals } from '@/features/loan-requests/loan-request-card';
import { LoanRequestDecisionDialog } from '@/features/loan-requests/loan-request-decision-dialog';
import { RequestQueue, WHO_DECIDES } from '@/features/requests';
import '@/components/bank-ui.css';
import '@/components/credit.css';

export function PendingLoansTab() {
  const requests = useOpenLoanRequestPages();

  if (requests.isPending) return <LoadingBlock message="Loading loan requests..." />;
  if (requests.isError) {
    return <ErrorBlock message={`Error loading loan requests: ${errorDetail(requests.error)}`} onRetry={() => void requests.refetch()} />;
  }

  const rows = requests.data.pages.flatMap((page) => page.pending_loans);
  const count = requests.data.pages.at(-1)?.count ?? 0;
  return (
    <>
      <div className="toolbar">
        <span className="muted">
          {plural(count, 'request')} waiting, oldest first
        </span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void requests.refetch()}>
          Refresh
        </button>
      </div>
      <RateDecimals.Provider value={listDecimals(rows.map((request) => request.interest_rate))}>
        <RequestQueue
          rows={rows}
          count={count}
          paging={requests}
          empty={{ title: 'No pending loan requests', text: 'New requests from players show here.' }}
          readOnlyNote={WHO_DECIDES}
          Card={LoanRequestCard}
          Dialog={LoanRequestDecisionDialog}
        />
      </RateDecimals.Provider>
    </>
  );
}
