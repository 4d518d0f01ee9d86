import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { createPasskey } from '@/lib/webauthn';

type FactorConfirmed = Schemas['FactorConfirmedOut'];

/** POST /api/me/factors/passkey/options, the browser makes the passkey, POST /api/me/factors/passkey. */
async function addPasskey({ name }: { name: string }): Promise<FactorConfirmed> {
  const { challenge, options } = await api.post('/me/factors/passkey/options');
  const credential = await createPasskey(options);
  return api.post('/me/factors/passkey', { challenge, name, credential });
}

/** Add a passkey: everything of the caller's refreshes (a session limited to enrolment opens fully). */
export function useAddPasskey() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSuccess: () => qc.invalidateQueries() });
}
