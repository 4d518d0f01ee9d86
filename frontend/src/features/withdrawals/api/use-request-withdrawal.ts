import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Withdrawal } from '@/lib/savings';
import { withdrawalKeys } from '@/features/withdrawals/api/keys';
import type { InputFields } from '@/lib/api-types';

/** `amount`: a whole number, or the text as typed when it could not be read (the server says why) */
type WithdrawalRequestInput = InputFields<
  'WithdrawalRequestInRequest',
  'player_id' | 'amount' | 'withdrawal_date' | 'withdrawal_time' | 'player_timezone' | 'player_name' | 'player_discord'
>;

function requestWithdrawal(input: WithdrawalRequestInput, idempotencyKey: string): Promise<Withdrawal> {
  return api.post('/withdrawal-requests', input, { headers: idempotencyHeaders(idempotencyKey) });
}

/** A player's withdrawal request: filed once per submission, however often it is sent. */
export function useRequestWithdrawal() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => qc.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}
