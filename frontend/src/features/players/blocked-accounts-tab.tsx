import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import type { AdminPlayer } from '@/features/players/api/types';
import { useBlockedPlayers } from '@/features/players/api/use-blocked-players';
import { UnblockModal } from '@/features/players/unblock-modal';
import { BlockedCard } from '@/features/players/blocked-card';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/components/player-admin.css';

export function BlockedAccountsTab() {
  const blocked = useBlockedPlayers();
  const [unblocking, setUnblocking] = useState<AdminPlayer | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const loadMore = useLoadNextPage(blocked);

  if (blocked.isPending) return <LoadingBlock message="Loading blocked accounts..." />;
  if (blocked.isError) {
    return <ErrorBlock message={`Error loading blocked accounts: ${errorDetail(blocked.error)}`} onRetry={() => void blocked.refetch()} />;
  }
  const pages = blocked.data.pages;
  const rows = pages.flatMap((page) => page.blocked_players);
  const total = pages.at(-1)?.count ?? rows.length;
  return (
    <>
      <div className="toolbar">
        <span className="muted">A player is blocked after 5 failed sign-ins in a row. Unblock or reset the password to let them in.</span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void blocked.refetch()}>
          Refresh
        </button>
      </div>
      <NoticeBanner notice={notice} className="tab-notice" />
      {rows.length === 0 ? (
        <EmptyState icon="shield" title="No blocked accounts" text="Players blocked after failed sign-ins show here." />
      ) : (
        <div className="stack">
          {rows.map((player) => (
            <BlockedCard
              key={player.id}
              player={player}
              onUnblock={(chosen) => {
                setNotice(null);
                setUnblocking(chosen);
              }}
              onUnblocked={setNotice}
            />
          ))}
          <LoadMore
            shown={rows.length}
            total={total}
            noun="blocked account"
            hasMore={blocked.hasNextPage}
            loading={blocked.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </div>
      )}
      {unblocking && <UnblockModal player={unblocking} onClose={() => setUnblocking(null)} onDone={setNotice} />}
    </>
  );
}
