import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import { creditKeys } from '@/features/credit/api/keys';
import type { Schemas } from '@/lib/api-types';

/** What an admin adjustment is recorded as (the server's default is manual_adjustment). */
export type AdjustKind = Extract<Schemas['ActionTypeEnum'], 'manual_adjustment' | 'donation' | 'friend_invite'>;

interface AdjustInput {
  playerId: number;
  pointsChange: number;
  reason: string;
  kind?: AdjustKind;
}

const adjustCreditScore = ({ playerId, pointsChange, reason, kind = 'manual_adjustment' }: AdjustInput, idempotencyKey: string) =>
  api.post(
    '/admin/credit-score/adjust',
    { player_id: playerId, points_change: pointsChange, reason, kind } satisfies Schemas['AdjustInRequest'],
    { headers: idempotencyHeaders(idempotencyKey) },
  );

export type PenaltyType = 'missed_payment' | 'loan_default';

const applyCreditPenalty = ({ playerId, penaltyType }: { playerId: number; penaltyType: PenaltyType }, idempotencyKey: string) =>
  api.post('/admin/credit-score/penalty', undefined, {
    query: { player_id: playerId, penalty_type: penaltyType },
    headers: idempotencyHeaders(idempotencyKey),
  });

/** A score change is applied once per submission, however often it is sent (a double click, a retry after a lost answer). */
export function useAdjustCreditScore() {
  const qc = useQueryClient();
  return useIdempotentMutation({ mutationFn: adjustCreditScore, onSuccess: () => qc.invalidateQueries({ queryKey: creditKeys.all }) });
}

/** A penalty is applied once per confirmation, however often it is sent. */
export function useCreditPenalty() {
  const qc = useQueryClient();
  return useIdempotentMutation({ mutationFn: applyCreditPenalty, onSuccess: () => qc.invalidateQueries({ queryKey: creditKeys.all }) });
}
