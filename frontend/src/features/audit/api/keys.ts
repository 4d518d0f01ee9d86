import { liveRoot } from '@/lib/live-kinds';

export interface AuditFilters {
  /** a player's id as typed ('' for every player) */
  playerId: string;
  /** an audit kind ('' for every kind) */
  kind: string;
  /** an officer's username as typed ('' or absent for every officer; the server ignores case) */
  officer?: string;
}

// The audit trail lives under 'audit'. No notice names it: every audited change sends its own
// notice (loans, savings, players ...) to the admins, so the audit queries refresh on every kind.
export const auditKeys = {
  all: liveRoot('audit'),
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilters) => [...auditKeys.lists(), filters] as const,
};
