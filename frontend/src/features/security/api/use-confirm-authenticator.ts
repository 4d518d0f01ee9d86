import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';

type FactorConfirmed = Schemas['FactorConfirmedOut'];

function confirmAuthenticator({ id, otp }: { id: number; otp: string }): Promise<FactorConfirmed> {
  return api.post(`/me/factors/totp/${id}/confirm`, { otp });
}

/** POST /api/me/factors/totp/{id}/confirm: the first code makes the app a factor; everything of the caller's refreshes
 * (a session limited to enrolment opens fully). */
export function useConfirmAuthenticator() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: confirmAuthenticator, onSuccess: () => qc.invalidateQueries() });
}
