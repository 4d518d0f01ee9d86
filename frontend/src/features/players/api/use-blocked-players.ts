import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { playerKeys } from '@/features/players/api/keys';
import type { Schemas } from '@/lib/api-types';

export type BlockedPlayersPage = Schemas['BlockedPlayersOut'];

function fetchBlockedPlayers({ page = 1 }: { page?: number }, signal?: AbortSignal): Promise<BlockedPlayersPage> {
  return api.get('/admin/players/blocked', { query: { page }, signal });
}

const blockedPlayersOptions = () =>
  infiniteQueryOptions({
    queryKey: playerKeys.blocked(),
    queryFn: ({ pageParam, signal }) => fetchBlockedPlayers({ page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** Blocked Accounts: players blocked after failed sign-ins, newest block first, a page at a time. */
export function useBlockedPlayers() {
  return useInfiniteQuery(blockedPlayersOptions());
}
