import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';
import type { AdminPlayer } from '@/features/players/api/types';
import type { InputFields } from '@/lib/api-types';

type UpdatePlayerInput = { playerId: number } & Partial<InputFields<'PlayerUpdateInRequest', 'bad_payer' | 'has_solo_access'>>;

/** The admin's toggles on a player: bad payer and solo access. */
function updatePlayer({ playerId, ...changes }: UpdatePlayerInput): Promise<AdminPlayer> {
  return api.put(`/players/${playerId}`, changes);
}

export function useUpdatePlayer() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updatePlayer, onSuccess: () => qc.invalidateQueries({ queryKey: playerKeys.all }) });
}
