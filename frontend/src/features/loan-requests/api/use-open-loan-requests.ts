import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import type { Schemas } from '@/lib/api-types';
import { loanRequestKeys } from '@/features/loans';

export type OpenLoanRequests = Schemas['PendingLoansOut'];

function fetchOpenLoanRequests(signal?: AbortSignal, page = 1): Promise<OpenLoanRequests> {
  return api.get('/admin/pending-loans', { signal, query: { page } });
}

const openLoanRequestsQueryOptions = () =>
  queryOptions({ queryKey: loanRequestKeys.open(), queryFn: ({ signal }) => fetchOpenLoanRequests(signal) });

/** The first page of loan requests still waiting, with how many wait in all (the tab's badge). */
export function useOpenLoanRequests() {
  return useQuery(openLoanRequestsQueryOptions());
}

/** The loan requests still waiting, oldest first, a page at a time (the Pending Loans tab). */
export function useOpenLoanRequestPages() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...loanRequestKeys.open(), 'pages'] as const,
      queryFn: ({ pageParam, signal }) => fetchOpenLoanRequests(signal, pageParam),
      initialPageParam: 1,
      getNextPageParam: nextPageOf,
    }),
  );
}
