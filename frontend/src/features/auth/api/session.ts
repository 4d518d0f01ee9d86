import { api } from '@/lib/api-client';
import type { ExtendSessionAnswer } from '@/features/auth/api/types';

const LOGOUT_TIMEOUT_MS = 5_000;

export function extendSession(): Promise<ExtendSessionAnswer> {
  return api.post('/extend-session');
}

/** Tells the server to revoke the token. A 401 here must not start another logout. */
export function revokeToken(): Promise<void> {
  return api.post('/logout', undefined, { logoutOn401: false, timeoutMs: LOGOUT_TIMEOUT_MS });
}
