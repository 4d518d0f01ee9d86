import { api, AUTH_TIMEOUT_MS } from '@/lib/api-client';
import { signWithPasskey } from '@/lib/webauthn';
import type { LoginAnswer } from '@/features/auth/api/types';

/** POST /api/login/factor: the challenge and a code (authenticator or recovery code) for the token. */
export function loginWithCode(step: { challenge: string; otp: string }): Promise<LoginAnswer> {
  return api.post('/login/factor', step, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
}

/** POST /api/login/passkey/options, the browser signs the challenge with a passkey, POST /api/login/passkey. */
export async function loginWithPasskey(challenge: string): Promise<LoginAnswer> {
  const { options } = await api.post('/login/passkey/options', { challenge }, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
  const credential = await signWithPasskey(options);
  return api.post('/login/passkey', { challenge, credential }, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
}
