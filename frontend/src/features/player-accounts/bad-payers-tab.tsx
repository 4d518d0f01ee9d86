import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { useBadPayers } from '@/features/players';
import { BadPayerCard } from '@/features/player-accounts/bad-payer-card';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/components/player-admin.css';

export function BadPayersTab({ adminName }: { adminName: string }) {
  const badPayers = useBadPayers();
  const [notice, setNotice] = useState<Notice>(null);
  const loadMore = useLoadNextPage(badPayers);

  if (badPayers.isPending) return <LoadingBlock message="Loading bad payers..." />;
  if (badPayers.isError) {
    return <ErrorBlock message={`Error loading bad payers: ${errorDetail(badPayers.error)}`} onRetry={() => void badPayers.refetch()} />;
  }
  const pages = badPayers.data.pages;
  const rows = pages.flatMap((page) => page.bad_payers);
  const total = pages.at(-1)?.count ?? rows.length;
  return (
    <>
      <div className="toolbar">
        <span className="muted">Bad payers cannot get new products or ask for loans.</span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void badPayers.refetch()}>
          Refresh
        </button>
      </div>
      <NoticeBanner notice={notice} className="tab-notice" />
      {rows.length === 0 ? (
        <EmptyState icon="checkCircle" title="No bad payers" text="Players marked as bad payers from Search Player show here." />
      ) : (
        <div className="stack">
          {rows.map((player) => (
            <BadPayerCard key={player.id} player={player} adminName={adminName} onRemoved={setNotice} />
          ))}
          <LoadMore
            shown={rows.length}
            total={total}
            noun="bad payer"
            hasMore={badPayers.hasNextPage}
            loading={badPayers.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </div>
      )}
    </>
  );
}
