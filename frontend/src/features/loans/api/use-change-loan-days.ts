import type { ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

function changeLoanDays({ loanId, newDays }: { loanId: number; newDays: number }): Promise<ChangeAnswer<Loan>> {
  return api.put(`/admin/loans/${loanId}/change-days`, undefined, { query: { new_days: newDays } });
}

export function useChangeLoanDays() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeLoanDays, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }) });
}
