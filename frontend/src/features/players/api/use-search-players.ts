import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { playerKeys } from '@/features/players/api/keys';
import type { Schemas } from '@/lib/api-types';

export type PlayerSearchPage = Schemas['PlayerSearchOut'];

function searchPlayersPage(term: string, page: number, signal?: AbortSignal): Promise<PlayerSearchPage> {
  return api.get('/search/players', { query: { term, page }, signal });
}

const playerSearchPagesOptions = (term: string) =>
  infiniteQueryOptions({
    queryKey: playerKeys.searchPages(term),
    queryFn: ({ pageParam, signal }) => searchPlayersPage(term, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** Search Player and Add Product's picker: every match, a page at a time (Load more); nothing is asked until a term is given. */
export function usePlayerSearchPages(term: string | null) {
  return useInfiniteQuery({ ...playerSearchPagesOptions(term ?? ''), enabled: term !== null && term !== '' });
}
