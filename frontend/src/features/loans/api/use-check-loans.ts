import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ListingStatus } from '@/lib/loans';
import { nextPageOf } from '@/lib/paging';
import { loanKeys } from '@/features/loans/api/keys';
import type { Schemas } from '@/lib/api-types';

export type LoanCounters = Schemas['LoansCheckCountersOut'];

export type CheckLoansPage = Schemas['LoansCheckOut'];

export interface CheckLoansFilters {
  listingStatus: ListingStatus | '';
  search: string;
}

function fetchCheckLoans(
  { page = 1, filters }: { page?: number; filters?: CheckLoansFilters },
  signal?: AbortSignal,
): Promise<CheckLoansPage> {
  return api.get('/admin/loans/check', {
    signal,
    query: { page, listing_status: filters?.listingStatus || undefined, search: filters?.search || undefined },
  });
}

const checkLoansPagesOptions = (filters: CheckLoansFilters) =>
  infiniteQueryOptions({
    queryKey: [...loanKeys.check(), 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => fetchCheckLoans({ page: pageParam, filters }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** Check Loans: the Active loans a page at a time (most overdue start first), filtered on the server. */
export function useCheckLoansPages(filters: CheckLoansFilters) {
  return useInfiniteQuery(checkLoansPagesOptions(filters));
}
