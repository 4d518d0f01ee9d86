import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { securityKeys } from '@/features/security/api/keys';

function newRecoveryCodes(): Promise<Schemas['RecoveryCodesOut']> {
  return api.post('/me/recovery-codes');
}

/** POST /api/me/recovery-codes: ten new codes, shown once; the old set stops working. */
export function useNewRecoveryCodes() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: newRecoveryCodes, onSuccess: () => qc.invalidateQueries({ queryKey: securityKeys.factors() }) });
}
