import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf, type PageAnswer } from '@/lib/paging';
import { playerKeys } from '@/features/players/api/keys';
import type { AdminPlayer } from '@/features/players/api/types';

/** The first page of matches; `count` is every match (the server pages the search). */
export interface PlayerSearchAnswer {
  players: AdminPlayer[];
  count?: number;
}

export function searchPlayers(term: string, signal?: AbortSignal): Promise<PlayerSearchAnswer> {
  return api.get<PlayerSearchAnswer>('/search/players', { query: { term }, signal });
}

export const searchPlayersQueryOptions = (term: string) =>
  queryOptions({ queryKey: playerKeys.search(term), queryFn: ({ signal }) => searchPlayers(term, signal) });

/** Players by id, name or discord; nothing is asked until a term is given. */
export function useSearchPlayers(term: string | null) {
  return useQuery({ ...searchPlayersQueryOptions(term ?? ''), enabled: term !== null && term !== '' });
}

export interface PlayerSearchPage extends PageAnswer {
  players: AdminPlayer[];
}

export function searchPlayersPage(term: string, page: number, signal?: AbortSignal): Promise<PlayerSearchPage> {
  return api.get<PlayerSearchPage>('/search/players', { query: { term, page }, signal });
}

export const playerSearchPagesOptions = (term: string) =>
  infiniteQueryOptions({
    queryKey: playerKeys.searchPages(term),
    queryFn: ({ pageParam, signal }) => searchPlayersPage(term, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** Search Player: every match, a page at a time (Load more); nothing is asked until a term is given. */
export function usePlayerSearchPages(term: string | null) {
  return useInfiniteQuery({ ...playerSearchPagesOptions(term ?? ''), enabled: term !== null && term !== '' });
}
