import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';
import type { AdminPlayer } from '@/features/players/api/types';

interface UpdatePlayerInput {
  playerId: number;
  bad_payer?: boolean;
  has_solo_access?: boolean;
}

/** The admin's toggles on a player: bad payer and solo access. */
function updatePlayer({ playerId, ...changes }: UpdatePlayerInput): Promise<AdminPlayer> {
  return api.put<AdminPlayer>(`/players/${playerId}`, changes);
}

export function useUpdatePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updatePlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
