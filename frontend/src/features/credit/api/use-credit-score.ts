import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/features/credit/api/keys';

const fetchCreditScore = (playerId: number, signal?: AbortSignal) =>
  api.get(`/players/${playerId}/credit-score`, { signal });

const creditScoreQueryOptions = (playerId: number) =>
  queryOptions({ queryKey: creditKeys.score(playerId), queryFn: ({ signal }) => fetchCreditScore(playerId, signal) });

export function useCreditScore(playerId: number) {
  return useQuery(creditScoreQueryOptions(playerId));
}
