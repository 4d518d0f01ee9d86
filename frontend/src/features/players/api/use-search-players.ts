import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';
import type { AdminPlayer } from '@/features/players/api/types';

export function searchPlayers(term: string, signal?: AbortSignal): Promise<{ players: AdminPlayer[] }> {
  return api.get<{ players: AdminPlayer[] }>('/search/players', { query: { term }, signal });
}

export const searchPlayersQueryOptions = (term: string) =>
  queryOptions({ queryKey: playerKeys.search(term), queryFn: ({ signal }) => searchPlayers(term, signal) });

/** Players by id, name or discord; nothing is asked until a term is given. */
export function useSearchPlayers(term: string | null) {
  return useQuery({ ...searchPlayersQueryOptions(term ?? ''), enabled: term !== null && term !== '' });
}
