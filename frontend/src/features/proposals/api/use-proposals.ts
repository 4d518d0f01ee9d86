import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { proposalKeys } from '@/features/proposals/api/keys';
import type { Schemas } from '@/lib/api-types';

/** An officer's change waiting for a second officer: what it does, its effect and why it waits, in the server's words. */
export type Proposal = Schemas['ProposalOut'];

type ProposalsPage = Schemas['ProposalsOut'];

function fetchPendingProposals({ page, pageSize, signal }: { page: number; pageSize?: number; signal?: AbortSignal }): Promise<ProposalsPage> {
  return api.get('/admin/proposals', { signal, query: { status: 'pending', page, page_size: pageSize } });
}

/** GET /api/admin/proposals?status=pending, a page at a time (the Four Eyes tab). */
export function usePendingProposalPages() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: proposalKeys.pending(),
      queryFn: ({ pageParam, signal }) => fetchPendingProposals({ page: pageParam, signal }),
      initialPageParam: 1,
      getNextPageParam: nextPageOf,
    }),
  );
}

/** How many proposals wait (the tab's badge): one row is enough to read the count. */
export function usePendingProposalCount() {
  return useQuery(
    queryOptions({
      queryKey: proposalKeys.pendingCount(),
      queryFn: ({ signal }) => fetchPendingProposals({ page: 1, pageSize: 1, signal }),
      select: (page) => page.count,
    }),
  );
}
