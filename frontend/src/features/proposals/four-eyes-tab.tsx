import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { plural } from '@/lib/plural';
import { usePendingProposalPages } from '@/features/proposals/api/use-proposals';
import { ProposalCard } from '@/features/proposals/proposal-card';
import { ProposalDecisionDialog } from '@/features/proposals/proposal-decision-dialog';
import { RequestQueue } from '@/features/requests';
import '@/components/bank-ui.css';
import '@/components/credit.css';

/** Four Eyes: officers' changes waiting for a second officer (GET /api/admin/proposals?status=pending). */
export function FourEyesTab() {
  const proposals = usePendingProposalPages();

  if (proposals.isPending) return <LoadingBlock message="Loading changes waiting for a second officer..." />;
  if (proposals.isError) {
    return <ErrorBlock message={`Error loading changes: ${errorDetail(proposals.error)}`} onRetry={() => void proposals.refetch()} />;
  }

  const rows = proposals.data.pages.flatMap((page) => page.results);
  const count = proposals.data.pages.at(-1)?.count ?? 0;
  return (
    <>
      <div className="toolbar">
        <span className="muted">{plural(count, 'change')} waiting for a second officer</span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void proposals.refetch()}>
          Refresh
        </button>
      </div>
      <RequestQueue
        rows={rows}
        count={count}
        paging={proposals}
        empty={{ title: 'Nothing waits for a second officer', text: "An officer's change above the four-eyes threshold shows here." }}
        noun="change"
        Card={ProposalCard}
        Dialog={ProposalDecisionDialog}
      />
    </>
  );
}
