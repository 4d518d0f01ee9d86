import { api, AUTH_TIMEOUT_MS } from '@/lib/api-client';
import type { VerifyTokenAnswer } from '@/features/auth/api/types';

export function verifyToken(token: string): Promise<VerifyTokenAnswer> {
  return api.get<VerifyTokenAnswer>('/verify-token', {
    query: { token },
    auth: false,
    timeoutMs: AUTH_TIMEOUT_MS,
  });
}
