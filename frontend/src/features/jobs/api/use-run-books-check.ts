import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobKeys } from '@/features/jobs/api/keys';
import type { Schemas } from '@/lib/api-types';

function runBooksCheck(): Promise<Schemas['ReconcileRunOut']> {
  return api.post('/admin/reconcile/run');
}

/** A treasurer asks for the books check now (202): the scheduler runs it within a minute; a `jobs` notice says when it ended. */
export function useRunBooksCheck() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runBooksCheck,
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.status() }),
  });
}
