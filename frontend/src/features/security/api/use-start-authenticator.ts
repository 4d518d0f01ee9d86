import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';

export type AuthenticatorSetup = Schemas['TotpEnrolmentOut'];

function startAuthenticator(name: string): Promise<AuthenticatorSetup> {
  return api.post('/me/factors/totp', { name });
}

/** POST /api/me/factors/totp: a new secret (QR code and text) waiting for its first code. */
export function useStartAuthenticator() {
  return useMutation({ mutationFn: startAuthenticator });
}
