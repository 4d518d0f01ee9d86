import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SavingsListingStatus } from '@/lib/savings';
import { nextPageOf } from '@/lib/paging';
import { savingsKeys } from '@/features/savings/api/keys';
import type { Schemas } from '@/lib/api-types';

export type SavingsCounters = Schemas['SavingsCountersOut'];

export type CheckSavingsPage = Schemas['SavingsCheckOut'];

export interface CheckSavingsFilters {
  listingStatus: SavingsListingStatus | '';
  search: string;
}

function fetchCheckSavings(
  { page = 1, filters }: { page?: number; filters?: CheckSavingsFilters },
  signal?: AbortSignal,
): Promise<CheckSavingsPage> {
  return api.get('/admin/savings/check', {
    signal,
    query: { page, listing_status: filters?.listingStatus || undefined, search: filters?.search || undefined },
  });
}

const checkSavingsPagesOptions = (filters: CheckSavingsFilters) =>
  infiniteQueryOptions({
    queryKey: [...savingsKeys.check(), 'pages', filters] as const,
    queryFn: ({ pageParam, signal }) => fetchCheckSavings({ page: pageParam, filters }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** Check Savings: the active accounts a page at a time (most overdue first), filtered on the server. */
export function useCheckSavingsPages(filters: CheckSavingsFilters) {
  return useInfiniteQuery(checkSavingsPagesOptions(filters));
}
