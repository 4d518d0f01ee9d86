import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';

export interface PlayerProfile {
  id: number;
  name: string;
  discord: string;
  credit_score: number;
  client_type: 'new' | 'old';
  bad_payer: boolean;
}

export interface Me {
  username: string;
  is_admin: boolean;
  has_solo_access: boolean;
  player: PlayerProfile | null;
}

export function fetchMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  return api.get<Me>('/me', { signal });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: playerKeys.me(), queryFn: ({ signal }) => fetchMe({ signal }) });

export function useMe() {
  return useQuery(meQueryOptions());
}
