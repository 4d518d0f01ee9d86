import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/features/credit/api/keys';
import type { MigrationPreview } from '@/features/credit/api/types';

/** The original took 30 to 60 s; ours is fast, but the spec's 60 s limit stays. */
export const MIGRATION_TIMEOUT_MS = 60_000;

export const fetchMigrationPreview = (signal?: AbortSignal) =>
  api.get<MigrationPreview>('/admin/credit-score/migration-preview', { signal, timeoutMs: MIGRATION_TIMEOUT_MS });

/** Not fetched until the admin asks for it (Preview Migration). */
export function useMigrationPreview() {
  return useQuery({
    queryKey: creditKeys.migrationPreview(),
    queryFn: ({ signal }) => fetchMigrationPreview(signal),
    enabled: false,
  });
}

export const executeMigration = ({ playerIds, notes }: { playerIds: number[]; notes: string }) =>
  api.post<{ migrated_count: number; detail: string }>('/admin/credit-score/execute-migration', {
    migration_data: playerIds.map((id) => ({ player_id: id })),
    execution_notes: notes,
  });

export function useExecuteMigration() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: executeMigration, onSuccess: () => qc.invalidateQueries({ queryKey: creditKeys.all }) });
}
