import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { LIVE_KINDS } from '@/lib/live-kinds';
import { nextPageOf } from '@/lib/paging';
import { auditKeys, type AuditFilters } from '@/features/audit/api/keys';
import type { Schemas } from '@/lib/api-types';

export type AuditEntry = Schemas['AuditEntryOut'];

export type AuditFieldKind = Schemas['AuditEntryOut']['field_kinds'][string];

export type AuditOfficer = Schemas['AuditOfficerOut'];

/** The filters as the server's query names them (GET /api/admin/audit and its .csv); empty ones left out. */
export function auditQuery(filters: AuditFilters) {
  return {
    player_id: filters.playerId || undefined,
    kind: filters.kind || undefined,
    officer: filters.officer || undefined,
    player: filters.player || undefined,
    date_from: filters.dateFrom || undefined,
    date_to: filters.dateTo || undefined,
  };
}

function fetchAudit({ page = 1, filters }: { page?: number; filters: AuditFilters }, signal?: AbortSignal) {
  return api.get('/admin/audit', { signal, query: { page, ...auditQuery(filters) } });
}

const auditPagesOptions = (filters: AuditFilters) =>
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
