import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { PendingLoan } from '@/lib/loans';
import { loanKeys, loanRequestKeys } from '@/features/loans';

function cancelLoanRequest(requestId: number, idempotencyKey: string): Promise<PendingLoan> {
  return api.put(`/pending-loans/${requestId}/cancel`, undefined, { headers: idempotencyHeaders(idempotencyKey) });
}

/** A player cancels their own loan request while it is pending (409 once an officer decided it). */
export function useCancelLoanRequest() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: cancelLoanRequest,
    // settled, not only succeeded: a 409 means the request changed meanwhile, so the list is stale too
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loanKeys.bankData() }),
        qc.invalidateQueries({ queryKey: loanRequestKeys.all }),
      ]),
  });
}
