import type { ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PaymentStatus } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';
import type { Schemas } from '@/lib/api-types';

type PaymentMark = Schemas['PaymentMarkOut'];

/** Marks today's payment of a loan (marking the day again replaces it). */
function markLoanPayment({ loanId, status }: { loanId: number; status: PaymentStatus }): Promise<ChangeAnswer<PaymentMark>> {
  return api.post(`/loans/${loanId}/payment`, undefined, { query: { payment_status: status } });
}

export function useMarkLoanPayment() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: markLoanPayment, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }) });
}
