import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { playerKeys } from '@/features/players/api/keys';
import type { InputFields, Schemas } from '@/lib/api-types';

/** the password is optional: without one the player claims the record by registering */
type NewPlayer = InputFields<'PlayerCreateInRequest', 'name' | 'discord'> & Partial<InputFields<'PlayerCreateInRequest', 'password'>>;

type CreatedPlayer = Schemas['PlayerCreateOut'];

function createPlayer(body: NewPlayer): Promise<CreatedPlayer> {
  return api.post<CreatedPlayer>('/players', body);
}

/** Admin New Player (POST /api/players); every player list and figure refreshes. */
export function useCreatePlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlayer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
  });
}
