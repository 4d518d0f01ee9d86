import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Withdrawal } from '@/lib/savings';
import { withdrawalKeys } from '@/features/withdrawals/api/keys';

function cancelWithdrawal(requestId: number, idempotencyKey: string): Promise<Withdrawal> {
  return api.put(`/withdrawal-requests/${requestId}/cancel`, undefined, { headers: idempotencyHeaders(idempotencyKey) });
}

/** A player cancels their own withdrawal request while it is pending (409 once an officer decided it). */
export function useCancelWithdrawal() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: cancelWithdrawal,
    // settled, not only succeeded: a 409 means the request changed meanwhile, so the list is stale too
    onSettled: () => qc.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}
