import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';
import type { AdminPlayer } from '@/features/players/api/types';

/** Unblocks a player blocked after failed sign-ins (their failure count starts again). */
function unblockPlayer({ playerId }: { playerId: number }): Promise<AdminPlayer> {
  return api.put(`/admin/players/${playerId}/unblock`);
}

export function useUnblockPlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unblockPlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
