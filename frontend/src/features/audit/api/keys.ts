import { liveRoot } from '@/lib/live-kinds';

export interface AuditFilters {
  /** a player's id as typed ('' for every player) */
  playerId: string;
  /** an audit kind ('' for every kind) */
  kind: string;
  /** an officer's username ('' or absent for every officer; the server ignores case) */
  officer?: string;
  /** part of a player's name ('' or absent for every player; the server ignores case) */
  player?: string;
  /** the first and last days (YYYY-MM-DD as a date input gives them; '' or absent for no bound) */
  dateFrom?: string;
  dateTo?: string;
}

/** Every entry: the filters when nothing is picked (the tab's list and its pickers share this page). */
export const EVERY_ENTRY: AuditFilters = { playerId: '', kind: '', officer: '', player: '', dateFrom: '', dateTo: '' };

// The audit trail lives under 'audit'. No notice names it: every audited change sends its own
// notice (loans, savings, players ...) to the admins, so the audit queries refresh on every kind.
export const auditKeys = {
  all: liveRoot('audit'),
  lists: () => [...auditKeys.all, 'list'] as const,
  list: (filters: AuditFilters) => [...auditKeys.lists(), filters] as const,
};
