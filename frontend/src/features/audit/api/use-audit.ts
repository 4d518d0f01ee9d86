import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIVE_KINDS } from '@/lib/live-kinds';
import { nextPageOf, type PageAnswer } from '@/lib/paging';
import { auditKeys, type AuditFilters } from '@/features/audit/api/keys';

export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

export interface AuditEntry {
  id: number;
  created_at: string;
  actor_id: number | null;
  actor_name: string;
  kind: string;
  kind_label: string;
  object_type: string;
  object_id: number | null;
  object_label: string;
  player_id: number | null;
  player_name: string;
  before: Record<string, AuditValue>;
  after: Record<string, AuditValue>;
  /** how the server says to show a field's values; a field not named is shown as recorded */
  field_kinds: Record<string, AuditFieldKind>;
}

export type AuditFieldKind = 'money' | 'rate' | 'date' | 'datetime';

export interface AuditKind {
  kind: string;
  label: string;
}

export interface AuditPage extends PageAnswer {
  entries: AuditEntry[];
  kinds: AuditKind[];
}

export function fetchAudit({ page = 1, filters }: { page?: number; filters: AuditFilters }, signal?: AbortSignal) {
  return api.get<AuditPage>('/admin/audit', {
    signal,
    query: { page, player_id: filters.playerId || undefined, kind: filters.kind || undefined, officer: filters.officer || undefined },
  });
}

export const auditPagesOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchAudit({ page: pageParam, filters }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // every audited change sends the notice of what it changed: any notice may bring an entry
    meta: { liveKinds: LIVE_KINDS },
  });

/** The audit trail, newest first, a page at a time, filtered on the server. */
export function useAuditPages(filters: AuditFilters) {
  return useInfiniteQuery(auditPagesOptions(filters));
}
