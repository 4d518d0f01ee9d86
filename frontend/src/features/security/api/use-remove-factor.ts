import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from '@/features/security/api/keys';

function removeFactor(id: number): Promise<void> {
  return api.delete(`/me/factors/totp/${id}`);
}

/** DELETE /api/me/factors/totp/{id}: remove one of the caller's authenticator apps. */
export function useRemoveFactor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeFactor, onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.factors() }) });
}
