import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';

/** What a bulk delete removed, counted by the server. */
export interface BulkDeleteSummary {
  players_count: number;
  loans_count: number;
  savings_count: number;
  pending_loans_count: number;
  withdrawal_requests_count?: number;
  pearl_exchange_requests_count?: number;
  credit_events_count?: number;
}

type BulkDeleteAnswer = BulkDeleteSummary & { summary?: BulkDeleteSummary; detail?: string };

/** Removes the players and everything they hold, in one transaction on the server (once per submission). */
async function bulkDeletePlayers({ playerIds }: { playerIds: number[] }, idempotencyKey: string): Promise<BulkDeleteSummary> {
  const answer = await api.delete<BulkDeleteAnswer>(
    '/admin/players/bulk-delete',
    { player_ids: playerIds },
    { headers: idempotencyHeaders(idempotencyKey) },
  );
  return answer.summary ?? answer;
}

export function useBulkDeletePlayers() {
  const qc = useQueryClient();
  // players, their products, requests and credit all went: every open list refreshes
  return useIdempotentMutation({ mutationFn: bulkDeletePlayers, onSuccess: () => qc.invalidateQueries() });
}
