import { api } from '@/lib/api-client';
import type { RegisterAnswer } from '@/features/auth/api/types';

export function register(player: { name: string; discord: string; password: string }): Promise<RegisterAnswer> {
  return api.post('/register', player, { auth: false });
}
