import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loanKeys } from '@/features/loans/api/keys';
import type { Schemas } from '@/lib/api-types';

export type PlayerProducts = Schemas['PlayerProductsOut'];

function fetchPlayerProducts(playerId: number, signal?: AbortSignal): Promise<PlayerProducts> {
  return api.get(`/players/${playerId}/products`, { signal });
}

const playerProductsQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: loanKeys.playerProducts(playerId),
    queryFn: ({ signal }) => fetchPlayerProducts(playerId, signal),
    // lives under `loans`; the player's loan requests and savings come with it
    meta: { liveKinds: ['pending_loans', 'savings'] },
  });

export function usePlayerProducts(playerId: number | null) {
  return useQuery({ ...playerProductsQueryOptions(playerId ?? 0), enabled: playerId !== null });
}
