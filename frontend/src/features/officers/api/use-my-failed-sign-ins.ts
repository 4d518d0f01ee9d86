import { useQuery } from '@tanstack/react-query';
import { meOptions } from '@/features/officers/api/use-my-role';
import type { Schemas } from '@/lib/api-types';

/** An officer's own failed sign-ins since their last sign-in (GET /api/me), as the panel's notice shows them. */
export type FailedSignIns = Schemas['FailedSignInsOut'];

/** The signed-in officer's own failed sign-ins since their last sign-in; null for a player's answer. */
export function useMyFailedSignIns() {
  return useQuery({ ...meOptions(), select: (me): FailedSignIns | null => me.failed_sign_ins ?? null });
}
