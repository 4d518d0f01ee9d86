import { AuditEntryList } from '@/features/audit/audit-entry-list';
import '@/features/audit/audit.css';

/** One player's audit entries (the player details card shows it). */
export function PlayerAuditList({ playerId }: { playerId: number }) {
  return (
    <section className="player-audit" aria-label="Audit trail">
      <h3 className="player-audit__title">Audit trail</h3>
      <AuditEntryList filters={{ playerId: String(playerId), kind: '' }} emptyText="No admin action has changed this player's data yet." showPlayer={false} />
    </section>
  );
}
