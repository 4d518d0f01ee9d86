import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import { exchangeRequestKeys } from '@/features/exchange/api/keys';
import type { ExchangeDecision } from '@/features/exchange/api/types';

interface ExchangeDecisionInput {
  requestId: number;
  /** the approval note (optional) or the denial reason (required) */
  notes: string;
}

function approveExchange({ requestId, notes }: ExchangeDecisionInput, idempotencyKey: string): Promise<ExchangeDecision> {
  return api.put(`/admin/pearl-exchange-requests/${requestId}/approve`, undefined, {
    query: { admin_notes: notes || undefined },
    headers: idempotencyHeaders(idempotencyKey),
  });
}

function denyExchange({ requestId, notes }: ExchangeDecisionInput): Promise<ExchangeDecision> {
  return api.put(`/admin/pearl-exchange-requests/${requestId}/deny`, undefined, {
    query: { admin_notes: notes },
  });
}

/** Admin: approve a request; it moves money (opens, grows or pays from savings), so it happens once. */
export function useApproveExchange() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: approveExchange,
    onSuccess: () => qc.invalidateQueries({ queryKey: exchangeRequestKeys.all }),
  });
}

export function useDenyExchange() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: denyExchange,
    onSuccess: () => qc.invalidateQueries({ queryKey: exchangeRequestKeys.all }),
  });
}
