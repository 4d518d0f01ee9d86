import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';
import type { Schemas } from '@/lib/api-types';

export type Me = Schemas['MeOut'];

function fetchMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  return api.get('/me', { signal });
}

const meQueryOptions = () =>
  queryOptions({ queryKey: playerKeys.me(), queryFn: ({ signal }) => fetchMe({ signal }) });

export function useMe() {
  return useQuery(meQueryOptions());
}
