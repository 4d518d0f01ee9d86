import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { jobKeys } from '@/features/jobs/api/keys';

export interface BooksDifference {
  account: 'savings' | 'loan' | 'solo_dividends';
  account_id: number | null;
  label: string;
  player_id: number | null;
  player_name: string;
  stored: number;
  from_entries: number;
  what: string;
}

export interface BooksCheck {
  checked_at: string | null;
  accounts_checked: number;
  differences: BooksDifference[];
}

export function fetchBooksCheck(signal?: AbortSignal): Promise<BooksCheck> {
  return api.get<BooksCheck>('/admin/reconcile', { signal });
}

export const booksCheckQueryOptions = () =>
  queryOptions({ queryKey: jobKeys.reconcile(), queryFn: ({ signal }) => fetchBooksCheck(signal) });

/** The last check of the books (the daily reconcile): what differed, if anything (admins). */
export function useBooksCheck() {
  return useQuery(booksCheckQueryOptions());
}
