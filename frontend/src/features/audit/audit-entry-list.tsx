import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { formatDateTime, formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatPercent } from '@/lib/percent';
import { formatMoney } from '@/lib/money';
import type { AuditFilters } from '@/features/audit/api/keys';
import { useAuditPages, type AuditEntry, type AuditFieldKind } from '@/features/audit/api/use-audit';
import '@/components/bank-ui.css';
import '@/features/audit/audit.css';

/**
 * A recorded value as the bank shows it elsewhere when the server names its kind (bread, a rate, a
 * day, a moment); otherwise text as is, anything else as JSON, and nothing as "—".
 */
export function formatAuditValue(value: unknown, kind?: AuditFieldKind): string {
  if (value === undefined || value === null || value === '') return '—';
  if (kind === 'money' && typeof value === 'number') return formatMoney(value);
  if (kind === 'rate' && (typeof value === 'string' || typeof value === 'number') && Number.isFinite(Number(value))) {
    return formatPercent(Number(value));
  }
  if (kind === 'date' && typeof value === 'string') return formatDay(value);
  if (kind === 'datetime' && typeof value === 'string') return formatDateTime(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Every field the entry names, before first, then the fields only the after-values hold. */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  return [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
}

function EntryCard({ entry, onPickPlayer, showPlayer }: { entry: AuditEntry; onPickPlayer?: (playerId: number) => void; showPlayer: boolean }) {
  const fields = changedFields(entry);
  return (
    <article className="card item-card audit-entry" aria-labelledby={`audit-${entry.id}-title`} data-testid={`audit-entry-${entry.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="history" />
          </span>
          <div>
            <h3 className="item-card__title" id={`audit-${entry.id}-title`}>
              {entry.kind_label}
            </h3>
            <p className="item-card__meta">
              by {entry.actor_name} · {formatDateTime(entry.created_at)}
              {entry.object_label && <> · {entry.object_label}</>}
            </p>
          </div>
        </div>
        {showPlayer &&
          entry.player_id !== null &&
          (onPickPlayer ? (
            <button
              type="button"
              className="btn btn--secondary btn--small"
              aria-label={`Show only ${entry.player_name}'s entries`}
              onClick={() => onPickPlayer(entry.player_id as number)}
            >
              <Icon name="user" size={16} />
              {entry.player_name}
            </button>
          ) : (
            <span className="badge badge--neutral">{entry.player_name}</span>
          ))}
      </header>
      {fields.length > 0 && (
        <table className="audit-changes">
          <caption className="visually-hidden">Values before and after</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{field.replaceAll('_', ' ')}</th>
                <td>{formatAuditValue(entry.before[field], entry.field_kinds[field])}</td>
                <td>{formatAuditValue(entry.after[field], entry.field_kinds[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}

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
        <EntryCard key={entry.id} entry={entry} onPickPlayer={onPickPlayer} showPlayer={showPlayer} />
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
