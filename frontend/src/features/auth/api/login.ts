import { api, AUTH_TIMEOUT_MS } from '@/lib/api-client';
import type { FactorChallenge, LoginAnswer } from '@/features/auth/api/types';

/** POST /api/login: a token, or (202) a challenge when the account signs in with a second factor. */
export function login(credentials: { username: string; password: string }): Promise<LoginAnswer | FactorChallenge> {
  const answer: Promise<LoginAnswer | FactorChallenge> = api.post('/login', credentials, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
  return answer;
}
