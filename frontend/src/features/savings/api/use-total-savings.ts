import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TotalSavings } from '@/lib/savings';
import { savingsKeys } from '@/features/savings/api/keys';

function fetchTotalSavings(playerId: number, signal?: AbortSignal): Promise<TotalSavings> {
  return api.get(`/players/${playerId}/total-savings`, { signal });
}

const totalSavingsQueryOptions = (playerId: number) =>
  queryOptions({ queryKey: savingsKeys.total(playerId), queryFn: ({ signal }) => fetchTotalSavings(playerId, signal) });

/** What a player may withdraw: the total of their active savings, each account, and the date window. */
export function useTotalSavings(playerId: number | null) {
  return useQuery({ ...totalSavingsQueryOptions(playerId ?? 0), enabled: playerId !== null });
}
