import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { creditKeys } from '@/features/credit/api/keys';
import type { CreditOverview } from '@/features/credit/api/types';

export interface CreditOverviewFilters {
  search: string;
  tier: '' | 'gold' | 'silver' | 'basic';
}

const fetchCreditOverview = (page: number, filters: CreditOverviewFilters, signal?: AbortSignal) =>
  api.get('/admin/credit-score/overview', {
    signal,
    query: { page, search: filters.search || undefined, tier: filters.tier || undefined },
  });

const creditOverviewQueryOptions = (filters: CreditOverviewFilters) =>
  infiniteQueryOptions({
    queryKey: [...creditKeys.overview(), filters] as const,
    queryFn: ({ pageParam, signal }) => fetchCreditOverview(pageParam, filters, signal),
    initialPageParam: 1,
    getNextPageParam: (last: CreditOverview) => nextPageOf(last),
  });

/** Players by score, highest first, a page at a time (filtered on the server). */
export function useCreditOverview(filters: CreditOverviewFilters) {
  return useInfiniteQuery(creditOverviewQueryOptions(filters));
}
