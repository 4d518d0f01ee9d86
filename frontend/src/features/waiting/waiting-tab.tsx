import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { plural } from '@/lib/plural';
import type { AdminTabId } from '@/lib/admin-tabs';
import { WaitingList } from '@/features/waiting/waiting-list';
import { useWaiting } from '@/features/waiting/api/use-waiting';
import '@/components/bank-ui.css';

/**
 * Waiting for Me (GET /api/admin/waiting): what the signed-in officer may decide now across loan
 * requests, withdrawals, pearl exchanges and officers' changes, then what waits for a second officer
 * they cannot be; each item opens the tab where it is decided.
 */
export function WaitingTab({ onOpenTab }: { onOpenTab: (tab: AdminTabId) => void }) {
  const waiting = useWaiting();

  if (waiting.isPending) return <LoadingBlock message="Loading what waits for you..." />;
  if (waiting.isError) {
    return <ErrorBlock message={`Error loading what waits for you: ${errorDetail(waiting.error)}`} onRetry={() => void waiting.refetch()} />;
  }

  const { for_me, for_me_count, waiting_for_second, waiting_for_second_count } = waiting.data;
  return (
    <>
      <div className="toolbar">
        <span className="muted">{plural(for_me_count, 'item')} for you to decide</span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void waiting.refetch()}>
          Refresh
        </button>
      </div>
      <div className="stack">
        <WaitingList
          title="For me to decide"
          list="for-me"
          items={for_me}
          count={for_me_count}
          empty={{ title: 'Nothing waits for you', text: 'A request or a change you may decide shows here.' }}
          onOpenTab={onOpenTab}
        />
        <WaitingList
          title="Waiting for a second officer"
          list="second"
          items={waiting_for_second}
          count={waiting_for_second_count}
          empty={{ title: 'Nothing waits for a second officer', text: 'A request or a change approved once, that you cannot approve a second time, shows here.' }}
          onOpenTab={onOpenTab}
        />
      </div>
    </>
  );
}
