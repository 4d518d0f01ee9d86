import { api, AUTH_TIMEOUT_MS } from '@/lib/api-client';
import type { LoginAnswer } from '@/features/auth/api/types';

/** POST /api/login/factor: the challenge and a code (authenticator or recovery code) for the token. */
export function loginWithCode(step: { challenge: string; otp: string }): Promise<LoginAnswer> {
  return api.post('/login/factor', step, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
}
