import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loanRequestKeys } from '@/features/loans';

function denyLoanRequest({ requestId, notes }: { requestId: number; notes: string }) {
  return api.put(`/pending-loans/${requestId}/deny`, undefined, { query: { admin_notes: notes } });
}

export function useDenyLoanRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: denyLoanRequest,
    onSuccess: () => qc.invalidateQueries({ queryKey: loanRequestKeys.all }),
  });
}
