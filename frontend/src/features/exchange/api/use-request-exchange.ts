import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import { exchangeRequestKeys, type ExchangeType } from '@/features/exchange/api/keys';
import type { PearlExchangeRequest } from '@/features/exchange/api/types';
import type { InputFields } from '@/lib/api-types';

/** `savings_option`: cashout, new_savings, or one of the player's savings ids */
type ExchangeRequestInput = InputFields<'ExchangeRequestInRequest', 'player_id' | 'savings_option'> & {
  exchange_type: ExchangeType;
  /** as typed: the server reads it, prices it and says what it cannot read */
  pearls_amount: string;
};

function requestExchange(input: ExchangeRequestInput, idempotencyKey: string): Promise<PearlExchangeRequest> {
  return api.post('/pearl-exchange-requests', input, { headers: idempotencyHeaders(idempotencyKey) });
}

/** A player's sell or buy request: filed once per submission, however often it is sent. */
export function useRequestExchange() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: requestExchange,
    onSuccess: () => qc.invalidateQueries({ queryKey: exchangeRequestKeys.all }),
  });
}
