import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { PendingLoan } from '@/lib/loans';
import { loanKeys, loanRequestKeys } from '@/features/loans';
import type { InputFields } from '@/lib/api-types';

/** `value` as typed (500k, 1m); `total_days` a whole number, or the text as typed when it could not be read (the server says why) */
type LoanRequestInput = InputFields<'LoanRequestInRequest', 'player_id' | 'value' | 'total_days' | 'request_reason' | 'user'>;

function requestLoan(input: LoanRequestInput, idempotencyKey: string): Promise<PendingLoan> {
  return api.post('/pending-loans', input, { headers: idempotencyHeaders(idempotencyKey) });
}

/** A player's loan request: filed once per submission, however often it is sent. */
export function useRequestLoan() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: requestLoan,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loanKeys.bankData() }),
        qc.invalidateQueries({ queryKey: loanRequestKeys.all }),
      ]),
  });
}
