import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';
import type { AdminPlayer } from '@/features/players/api/types';

/** The admin sets a player's password (which also unblocks the account and ends their sessions). */
function setPlayerPassword({ playerId, newPassword }: { playerId: number; newPassword: string }): Promise<AdminPlayer> {
  return api.put(`/admin/players/${playerId}/password`, { new_password: newPassword });
}

export function useSetPlayerPassword() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: setPlayerPassword, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
