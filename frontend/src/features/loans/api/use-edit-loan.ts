import type { ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';
import type { InputFields } from '@/lib/api-types';

/** `interest_rate` is a whole-term fraction: 0.3 is 30% */
type EditLoanInput = { loanId: number } & Partial<InputFields<'LoanEditInRequest', 'value' | 'interest_rate' | 'total_days' | 'admin_notes'>>;

function editLoan({ loanId, ...changes }: EditLoanInput): Promise<ChangeAnswer<Loan>> {
  return api.put(`/admin/loans/${loanId}/edit`, changes);
}

export function useEditLoan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: editLoan, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }) });
}
