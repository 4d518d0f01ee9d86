import { api, AUTH_TIMEOUT_MS } from '@/lib/api-client';
import type { VerifyTokenAnswer } from '@/features/auth/api/types';

/**
 * Is this token (the stored one, or another tab's) still good? It goes in the Authorization
 * header, never in the address: addresses end up in logs, and the server refuses a token there.
 */
export function verifyToken(token: string): Promise<VerifyTokenAnswer> {
  return api.get('/verify-token', {
    headers: { Authorization: `Bearer ${token}` },
    auth: false,
    timeoutMs: AUTH_TIMEOUT_MS,
  });
}
