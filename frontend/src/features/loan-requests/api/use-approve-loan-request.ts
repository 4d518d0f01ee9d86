import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loanKeys, loanRequestKeys } from '@/features/loans';
import type { Schemas } from '@/lib/api-types';

export type LoanRequestDecision = Schemas['PendingLoanDecisionOut'];

function approveLoanRequest({ requestId, notes }: { requestId: number; notes: string }): Promise<LoanRequestDecision> {
  return api.put<LoanRequestDecision>(`/pending-loans/${requestId}/approve`, undefined, { query: { admin_notes: notes } });
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
