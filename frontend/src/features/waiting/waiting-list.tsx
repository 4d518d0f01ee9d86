import { EmptyState } from '@/components/empty-state';
import type { AdminTabId } from '@/lib/admin-tabs';
import { WaitingItemCard } from '@/features/waiting/waiting-item-card';
import type { WaitingItem } from '@/features/waiting/api/use-waiting';
import '@/components/bank-ui.css';

interface WaitingListProps {
  title: string;
  list: 'for-me' | 'second';
  items: WaitingItem[];
  count: number;
  empty: { title: string; text: string };
  onOpenTab: (tab: AdminTabId) => void;
}

/** One of the Waiting for Me lists: a heading with how many it holds in all, its items, or what it shows when empty. */
export function WaitingList({ title, list, items, count, empty, onOpenTab }: WaitingListProps) {
  const headingId = `waiting-${list}-heading`;
  return (
    <section aria-labelledby={headingId} className="stack" data-testid={`waiting-${list}`}>
      <h3 id={headingId} className="card__title">
        {title} <span className="muted">({count})</span>
      </h3>
      {items.length === 0 ? (
        <EmptyState title={empty.title} text={empty.text} icon="checkCircle" />
      ) : (
        <>
          {items.map((item) => (
            <WaitingItemCard key={`${item.kind}-${item.id}`} item={item} list={list} onOpenTab={onOpenTab} />
          ))}
          {count > items.length && <p className="muted">The oldest {items.length} of {count} are shown.</p>}
        </>
      )}
    </section>
  );
}
