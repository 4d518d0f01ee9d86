import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobKeys } from '@/features/jobs/api/keys';
import type { Schemas } from '@/lib/api-types';

export type BooksCheck = Schemas['ReconcileOut'];

function fetchBooksCheck(signal?: AbortSignal): Promise<BooksCheck> {
  return api.get('/admin/reconcile', { signal });
}

const booksCheckQueryOptions = () =>
  queryOptions({ queryKey: jobKeys.reconcile(), queryFn: ({ signal }) => fetchBooksCheck(signal) });

/** The last check of the books (the daily reconcile): what differed, if anything (admins). */
export function useBooksCheck() {
  return useQuery(booksCheckQueryOptions());
}
