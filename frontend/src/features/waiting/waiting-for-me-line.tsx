import { Icon } from '@/components/icon';
import type { AdminTabId } from '@/lib/admin-tabs';
import { useWaitingForMeCount } from '@/features/waiting/api/use-waiting';
import '@/components/admin-overview.css';

/** The Overview's "Waiting for me: N", opening the Waiting for Me tab; nothing until the count is known. */
export function WaitingForMeLine({ onOpenTab }: { onOpenTab: (tab: AdminTabId) => void }) {
  const count = useWaitingForMeCount().data;
  if (count === undefined) return null;
  return (
    <button type="button" className="btn btn--secondary waiting-for-me" onClick={() => onOpenTab('waiting')} data-testid="overview-waiting-for-me">
      <Icon name="inbox" size={18} /> Waiting for me: {count}
    </button>
  );
}
