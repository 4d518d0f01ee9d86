import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InputFields, Schemas } from '@/lib/api-types';

type OwnPasswordInput = InputFields<'OwnPasswordInRequest', 'current_password' | 'new_password'>;

function changePassword(input: OwnPasswordInput): Promise<Schemas['OwnPasswordOut']> {
  return api.post('/me/password', input);
}

/** The signed-in player or officer changes their own password; their other sessions end. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
