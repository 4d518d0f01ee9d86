import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loanKeys, loanRequestKeys } from '@/features/loans';

// the decision carried out (200), or recorded while it waits for a second officer (202)
function approveLoanRequest({ requestId, notes }: { requestId: number; notes: string }) {
  return api.put(`/pending-loans/${requestId}/approve`, undefined, { query: { admin_notes: notes } });
}

export function useApproveLoanRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: approveLoanRequest,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loanRequestKeys.all }),
        qc.invalidateQueries({ queryKey: loanKeys.all }),
      ]),
  });
}
