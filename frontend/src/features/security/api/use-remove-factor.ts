import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { securityKeys } from '@/features/security/api/keys';

function removeFactor({ id, kind }: { id: number; kind: string }): Promise<void> {
  return kind === 'passkey' ? api.delete(`/me/factors/passkey/${id}`) : api.delete(`/me/factors/totp/${id}`);
}

/** DELETE /api/me/factors/{totp|passkey}/{id}: remove one of the caller's authenticator apps or passkeys. */
export function useRemoveFactor() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: removeFactor, onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.factors() }) });
}
