import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exchangeRequestKeys } from '@/features/exchange/api/keys';
import type { PearlExchangeRequest } from '@/features/exchange/api/types';

function fetchExchangeHistory(playerId: number, signal?: AbortSignal): Promise<PearlExchangeRequest[]> {
  return api
    .get(`/players/${playerId}/pearl-exchange-history`, { signal })
    .then((answer) => answer.pearl_exchange_history);
}

const exchangeHistoryQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: exchangeRequestKeys.history(playerId),
    queryFn: ({ signal }) => fetchExchangeHistory(playerId, signal),
  });

/** A player's pearl exchange requests, newest first. */
export function useExchangeHistory(playerId: number) {
  return useQuery(exchangeHistoryQueryOptions(playerId));
}
