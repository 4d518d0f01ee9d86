import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import { exchangeRequestKeys, type ExchangeType } from '@/features/exchange/api/keys';
import type { PearlExchangeRequest } from '@/features/exchange/api/types';

interface ExchangeRequestInput {
  player_id: number;
  exchange_type: ExchangeType;
  /** as typed: the server reads it, prices it and says what it cannot read */
  pearls_amount: string;
  /** cashout, new_savings, or one of the player's savings ids */
  savings_option: string;
}

function requestExchange(input: ExchangeRequestInput, idempotencyKey: string): Promise<PearlExchangeRequest> {
  return api.post<PearlExchangeRequest>('/pearl-exchange-requests', input, { headers: idempotencyHeaders(idempotencyKey) });
}

/** A player's sell or buy request: filed once per submission, however often it is sent. */
export function useRequestExchange() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: requestExchange,
    onSuccess: () => qc.invalidateQueries({ queryKey: exchangeRequestKeys.all }),
  });
}
