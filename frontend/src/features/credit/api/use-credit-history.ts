import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/features/credit/api/keys';

const fetchCreditHistory = (playerId: number, signal?: AbortSignal) =>
  api.get(`/players/${playerId}/credit-history`, { signal });

const creditHistoryQueryOptions = (playerId: number) =>
  queryOptions({ queryKey: creditKeys.history(playerId), queryFn: ({ signal }) => fetchCreditHistory(playerId, signal) });

export function useCreditHistory(playerId: number) {
  return useQuery(creditHistoryQueryOptions(playerId));
}
