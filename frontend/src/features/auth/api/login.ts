import { api, AUTH_TIMEOUT_MS } from '@/lib/api-client';
import type { LoginAnswer } from '@/features/auth/api/types';

export function login(credentials: { username: string; password: string }): Promise<LoginAnswer> {
  return api.post('/login', credentials, { auth: false, timeoutMs: AUTH_TIMEOUT_MS });
}
