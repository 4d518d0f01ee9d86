import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/features/credit/api/keys';
import type { CreditEvent } from '@/features/credit/api/types';
import type { Schemas } from '@/lib/api-types';

/** What an admin adjustment is recorded as (the server's default is manual_adjustment). */
export type AdjustKind = Extract<Schemas['ActionTypeEnum'], 'manual_adjustment' | 'donation' | 'friend_invite'>;

interface AdjustInput {
  playerId: number;
  pointsChange: number;
  reason: string;
  kind?: AdjustKind;
}

const adjustCreditScore = ({ playerId, pointsChange, reason, kind = 'manual_adjustment' }: AdjustInput) =>
  api.post<CreditEvent>('/admin/credit-score/adjust', {
    player_id: playerId,
    points_change: pointsChange,
    reason,
    kind,
  } satisfies Schemas['AdjustInRequest']);

export type PenaltyType = 'missed_payment' | 'loan_default';

const applyCreditPenalty = ({ playerId, penaltyType }: { playerId: number; penaltyType: PenaltyType }) =>
  api.post<CreditEvent>('/admin/credit-score/penalty', undefined, {
    query: { player_id: playerId, penalty_type: penaltyType },
  });

export function useAdjustCreditScore() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: adjustCreditScore, onSuccess: () => qc.invalidateQueries({ queryKey: creditKeys.all }) });
}

export function useCreditPenalty() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: applyCreditPenalty, onSuccess: () => qc.invalidateQueries({ queryKey: creditKeys.all }) });
}
