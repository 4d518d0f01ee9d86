import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import { exchangeRequestKeys } from '@/features/exchange/api/keys';
import type { PearlExchangeRequest } from '@/features/exchange/api/types';

function cancelExchange(requestId: number, idempotencyKey: string): Promise<PearlExchangeRequest> {
  return api.put(`/pearl-exchange-requests/${requestId}/cancel`, undefined, {
    headers: idempotencyHeaders(idempotencyKey),
  });
}

/** A player cancels their own pearl exchange request while it is pending (409 once an officer decided it). */
export function useCancelExchange() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: cancelExchange,
    // settled, not only succeeded: a 409 means the request changed meanwhile, so the list is stale too
    onSettled: () => qc.invalidateQueries({ queryKey: exchangeRequestKeys.all }),
  });
}
