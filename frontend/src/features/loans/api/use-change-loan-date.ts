import type { ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

function changeLoanDate({ loanId, newDate }: { loanId: number; newDate: string }): Promise<ChangeAnswer<Loan>> {
  return api.put(`/admin/loans/${loanId}/change-date`, undefined, { query: { new_date: newDate } });
}

export function useChangeLoanDate() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: changeLoanDate, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }) });
}
