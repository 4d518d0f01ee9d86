import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

interface EditLoanInput {
  loanId: number;
  value?: number | string;
  /** a whole-term fraction: 0.3 is 30% */
  interest_rate?: number | string;
  total_days?: number | string;
  admin_notes?: string;
}

function editLoan({ loanId, ...changes }: EditLoanInput): Promise<Loan> {
  return api.put<Loan>(`/admin/loans/${loanId}/edit`, changes);
}

export function useEditLoan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editLoan, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }) });
}
