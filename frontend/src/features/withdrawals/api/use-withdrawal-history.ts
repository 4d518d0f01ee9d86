import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Withdrawal } from '@/lib/savings';
import { withdrawalKeys } from '@/features/withdrawals/api/keys';

function fetchWithdrawalHistory(playerId: number, signal?: AbortSignal): Promise<{ withdrawal_history: Withdrawal[] }> {
  return api.get<{ withdrawal_history: Withdrawal[] }>(`/players/${playerId}/withdrawal-history`, { signal });
}

const withdrawalHistoryQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: withdrawalKeys.history(playerId),
    queryFn: ({ signal }) => fetchWithdrawalHistory(playerId, signal).then((answer) => answer.withdrawal_history),
  });

/** A player's withdrawal requests, newest first. */
export function useWithdrawalHistory(playerId: number | null) {
  return useQuery({ ...withdrawalHistoryQueryOptions(playerId ?? 0), enabled: playerId !== null });
}
