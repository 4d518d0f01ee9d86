import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import { playerKeys } from '@/features/players/api/keys';
import type { InputFields, Schemas } from '@/lib/api-types';

/** the password is optional: without one the player claims the record by registering */
type NewPlayer = InputFields<'PlayerCreateInRequest', 'name' | 'discord'> & Partial<InputFields<'PlayerCreateInRequest', 'password'>>;

type CreatedPlayer = Schemas['PlayerCreateOut'];

function createPlayer(body: NewPlayer, idempotencyKey: string): Promise<CreatedPlayer> {
  return api.post('/players', body, { headers: idempotencyHeaders(idempotencyKey) });
}

/** Admin New Player (POST /api/players), created once per submission; every player list and figure refreshes. */
export function useCreatePlayer() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createPlayer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerKeys.all }),
  });
}
