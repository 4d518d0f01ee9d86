import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { awaitingText } from '@/lib/officers';
import { ADMIN_TABS, type AdminTabId } from '@/lib/admin-tabs';
import { DECIDED_IN } from '@/features/waiting/waiting-kinds';
import type { WaitingItem } from '@/features/waiting/api/use-waiting';
import '@/components/bank-ui.css';

interface WaitingItemCardProps {
  item: WaitingItem;
  /** which of the two lists it is in: the test ids and title ids of the two stay apart */
  list: 'for-me' | 'second';
  onOpenTab: (tab: AdminTabId) => void;
}

function tabLabel(id: AdminTabId): string {
  return ADMIN_TABS.find((tab) => tab.id === id)?.label ?? id;
}

/** One waiting request or change: what it is, the player, the bread at stake, since when, and the tab that decides it. */
export function WaitingItemCard({ item, list, onOpenTab }: WaitingItemCardProps) {
  const { tab, icon } = DECIDED_IN[item.kind];
  const key = `${list}-${item.kind}-${item.id}`;
  const titleId = `waiting-${key}-title`;
  const awaiting = awaitingText(item.approvals);
  return (
    <article className="card item-card" aria-labelledby={titleId} data-testid={`waiting-${key}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name={icon} />
          </span>
          <div>
            <h4 className="item-card__title" id={titleId}>
              {item.kind_label} #{item.id}
            </h4>
            {/* a request's summary repeats its title and amount; a change's says what it does */}
            {item.kind === 'proposal' && <p className="item-card__meta">{item.summary}</p>}
          </div>
        </div>
      </header>
      <dl className="stat-grid stat-grid--three stat-grid--stacked">
        <StatBox label="Player" value={item.player_name || '—'} />
        <StatBox label="Amount" value={item.kind === 'proposal' && item.amount === 0 ? '—' : formatMoney(item.amount)} tone="gold" />
        <StatBox label="Waiting Since" value={formatDateTime(item.created_at)} />
      </dl>
      {item.reason && (
        <p className="item-card__reason">
          <span className="item-card__reason-label">Why</span>
          {item.reason}
        </p>
      )}
      {awaiting && (
        <p className="item-card__reason" role="note">
          <span className="item-card__reason-label">Four eyes</span>
          {awaiting}
        </p>
      )}
      <div className="item-card__actions">
        <button
          type="button"
          className="btn btn--primary btn--small"
          onClick={() => onOpenTab(tab)}
          aria-label={`Open ${tabLabel(tab)}: ${item.kind_label} #${item.id}`}
        >
          Open {tabLabel(tab)}
        </button>
      </div>
    </article>
  );
}
