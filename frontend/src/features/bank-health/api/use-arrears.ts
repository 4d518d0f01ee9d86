import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { arrearsKeys, type ArrearsFilters } from '@/features/bank-health/api/keys';
import type { Schemas } from '@/lib/api-types';

export type ArrearsPage = Schemas['ArrearsOut'];
export type ArrearsRow = Schemas['ArrearsRowOut'];
export type ArrearsBook = Schemas['ArrearsBookOut'];

function fetchArrears({ page, pageSize, filters }: { page: number; pageSize?: number; filters: ArrearsFilters }, signal?: AbortSignal): Promise<ArrearsPage> {
  return api.get('/admin/arrears', {
    signal,
    query: { page, page_size: pageSize, ordering: filters.ordering, bucket: filters.bucket || undefined },
  });
}

const arrearsPagesOptions = (filters: ArrearsFilters) =>
  infiniteQueryOptions({
    queryKey: arrearsKeys.list(filters),
    queryFn: ({ pageParam, signal }) => fetchArrears({ page: pageParam, filters }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });

/** The Arrears list: the loans in arrears today, sorted, filtered and paged by the server. */
export function useArrearsPages(filters: ArrearsFilters) {
  return useInfiniteQuery(arrearsPagesOptions(filters));
}

const arrearsBookOptions = () =>
  queryOptions({
    queryKey: arrearsKeys.book(),
    // one row is enough: the buckets come with every page
    queryFn: ({ signal }) => fetchArrears({ page: 1, pageSize: 1, filters: { ordering: '-days', bucket: '' } }, signal),
    select: (answer) => answer.book,
  });

/** Today's arrears by bucket (Bank Health shows them beside the history). */
export function useArrearsBook() {
  return useQuery(arrearsBookOptions());
}
