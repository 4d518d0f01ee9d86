import { EmptyState } from '@/components/empty-state';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import type { AuditFilters } from '@/features/audit/api/keys';
import { useAuditPages } from '@/features/audit/api/use-audit';
import { AuditEntryCard } from '@/features/audit/audit-entry-card';
import '@/components/bank-ui.css';
import '@/features/audit/audit.css';

interface AuditEntryListProps {
  filters: AuditFilters;
  /** offered on each entry naming a player: filter the list to that player */
  onPickPlayer?: (playerId: number) => void;
  emptyText?: string;
  /** name each entry's player (off where the list is one player's own) */
  showPlayer?: boolean;
}

/** The audit entries matching the filters, newest first, a page at a time. */
export function AuditEntryList({
  filters,
  onPickPlayer,
  emptyText = 'Admin actions that change data show here.',
  showPlayer = true,
}: AuditEntryListProps) {
  const entries = useAuditPages(filters);
  const loadMore = useLoadNextPage(entries);

  if (entries.isPending) return <LoadingBlock message="Loading audit entries..." />;
  if (entries.isError) {
    return <ErrorBlock message={`Error loading audit entries: ${errorDetail(entries.error)}`} onRetry={() => void entries.refetch()} />;
  }
  const rows = entries.data.pages.flatMap((page) => page.entries);
  const count = entries.data.pages.at(-1)?.count ?? 0;
  if (rows.length === 0) return <EmptyState icon="history" title="No audit entries" text={emptyText} />;
  return (
    <div className="stack">
      {rows.map((entry) => (
        <AuditEntryCard key={entry.id} entry={entry} onPickPlayer={onPickPlayer} showPlayer={showPlayer} />
      ))}
      <LoadMore
        shown={rows.length}
        total={count}
        noun="entry"
        nounPlural="entries"
        hasMore={entries.hasNextPage}
        loading={entries.isFetchingNextPage}
        onLoadMore={loadMore}
      />
    </div>
  );
}
