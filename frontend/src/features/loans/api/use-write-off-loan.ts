import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Loan } from '@/lib/loans';
import type { ChangeAnswer } from '@/lib/officers';
import { loanKeys } from '@/features/loans/api/keys';

/**
 * POST /api/admin/loans/{id}/write-off: the bank forgives what is left to pay (a reason is
 * required); 200 with the loan Written-Off, or 202 while it waits for a second officer.
 */
function writeOffLoan({ loanId, reason }: { loanId: number; reason: string }, idempotencyKey: string): Promise<ChangeAnswer<Loan>> {
  return api.post(`/admin/loans/${loanId}/write-off`, { reason }, { headers: idempotencyHeaders(idempotencyKey) });
}

/** Written off once per submission, however often it is sent. */
export function useWriteOffLoan() {
  const qc = useQueryClient();
  return useIdempotentMutation({ mutationFn: writeOffLoan, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }) });
}
