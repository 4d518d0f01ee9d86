import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { withdrawalKeys } from '@/features/withdrawals/api/keys';
import type { Schemas } from '@/lib/api-types';

function fetchWithdrawalHistory(playerId: number, signal?: AbortSignal): Promise<Schemas['WithdrawalHistoryOut']> {
  return api.get(`/players/${playerId}/withdrawal-history`, { signal });
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
