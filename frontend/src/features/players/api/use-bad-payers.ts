import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { playerKeys } from '@/features/players/api/keys';
import type { Schemas } from '@/lib/api-types';

/** A bad payer with what they hold, counted and summed by the server. */
export type BadPayer = Schemas['PlayerHoldingsOut'];

export type BadPayersPage = Schemas['BadPayersOut'];

function fetchBadPayers({ page = 1 }: { page?: number }, signal?: AbortSignal): Promise<BadPayersPage> {
  return api.get('/admin/players/bad-payers', { query: { page }, signal });
}

const badPayersOptions = () =>
  infiniteQueryOptions({
    queryKey: playerKeys.badPayers(),
    queryFn: ({ pageParam, signal }) => fetchBadPayers({ page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // lives under `players`; the figures are their loans and savings
    meta: { liveKinds: ['loans', 'savings'] },
  });

/** Bad Payers: the players marked as bad payers, by name, a page at a time. */
export function useBadPayers() {
  return useInfiniteQuery(badPayersOptions());
}
