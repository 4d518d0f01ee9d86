import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { playerKeys } from '@/features/players/api/keys';

type FactorsReset = Schemas['FactorsResetOut'];

/** A treasurer removes every second factor of a player who lost them all (the reason is kept in the audit trail). */
function resetPlayerFactors({ playerId, reason }: { playerId: number; reason: string }): Promise<FactorsReset> {
  return api.post(`/admin/players/${playerId}/factors/reset`, { reason });
}

export function useResetPlayerFactors() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: resetPlayerFactors, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
