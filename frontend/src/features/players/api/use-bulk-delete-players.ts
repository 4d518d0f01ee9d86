import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Schemas } from '@/lib/api-types';

/** What a bulk delete removed, counted by the server. */
export type BulkDeleteSummary = Schemas['BulkDeleteOut'];

/** Removes the players and everything they hold, in one transaction on the server (once per submission). */
function bulkDeletePlayers({ playerIds }: { playerIds: number[] }, idempotencyKey: string): Promise<BulkDeleteSummary> {
  return api.delete('/admin/players/bulk-delete', { player_ids: playerIds }, { headers: idempotencyHeaders(idempotencyKey) });
}

export function useBulkDeletePlayers() {
  const qc = useQueryClient();
  // players, their products, requests and credit all went: every open list refreshes
  return useIdempotentMutation({ mutationFn: bulkDeletePlayers, onSuccess: () => qc.invalidateQueries() });
}
