import { api, AUTH_TIMEOUT_MS } from '@/lib/api-client';
import type { FactorChallenge, LoginAnswer } from '@/features/auth/api/types';

/** POST /api/login: a token, or (202) a challenge when the account signs in with a second factor. */
export async function login(credentials: { username: string; password: string }): Promise<LoginAnswer | FactorChallenge> {
  const answer: LoginAnswer | FactorChallenge = await api.post('/login', credentials, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
  return answer;
}

/** POST /api/login/factor: the challenge and a code (authenticator or recovery code) for the token. */
export function loginWithCode(step: { challenge: string; otp: string }): Promise<LoginAnswer> {
  return api.post('/login/factor', step, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
}
