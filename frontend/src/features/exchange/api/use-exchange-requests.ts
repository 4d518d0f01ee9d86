import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { exchangeRequestKeys, type ExchangeStatusFilter } from '@/features/exchange/api/keys';
import type { ExchangeRequestPage } from '@/features/exchange/api/types';

function fetchExchangeRequests(
  { status, page = 1, pageSize }: { status: ExchangeStatusFilter; page?: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<ExchangeRequestPage> {
  return api.get('/admin/pearl-exchange-requests', {
    query: { status: status || undefined, page, page_size: pageSize },
    signal,
  });
}

/** Admin: pearl exchange requests, pending first, a page at a time (optionally of one status). */
export function useExchangeRequestPages(status: ExchangeStatusFilter) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: exchangeRequestKeys.list(status),
      queryFn: ({ pageParam, signal }) => fetchExchangeRequests({ status, page: pageParam }, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageOf,
    }),
  );
}

const pendingExchangeCountQueryOptions = () =>
  queryOptions({
    queryKey: exchangeRequestKeys.pendingCount(),
    // the count comes from the database; one row is the least a page can hold
    queryFn: ({ signal }) =>
      fetchExchangeRequests({ status: 'pending', pageSize: 1 }, signal).then((answer) => answer.pending_count),
  });

/** Admin: how many pearl exchange requests wait (the tab's badge). */
export function usePendingExchangeCount() {
  return useQuery(pendingExchangeCountQueryOptions());
}
