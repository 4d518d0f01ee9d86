import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { savingsKeys } from '@/features/savings/api/keys';
import { playerKeys } from '@/features/players';
import type { Schemas } from '@/lib/api-types';

export type ClientType = Schemas['ClientTypeEnum'];

export type ClientRow = Schemas['ClientRowOut'];

/** The status filter's values (the server's ClientOverviewIn): who is a bad payer, over or within their limits. */
export type ClientStatus = 'bad_payer' | 'over_limit' | 'within_limit';

/** One page of Savings Management: the filtered clients by name, with the whole bank's summary. */
export type ClientOverviewPage = Schemas['ClientOverviewOut'];

export interface ClientFilters {
  clientType: ClientType;
  status: ClientStatus | '';
  search: string;
}

function fetchClientOverview(
  { page = 1, filters }: { page?: number; filters: ClientFilters },
  signal?: AbortSignal,
): Promise<ClientOverviewPage> {
  return api.get('/admin/savings/client-overview', {
    signal,
    query: {
      page,
      client_type: filters.clientType,
      status: filters.status || undefined,
      search: filters.search || undefined,
    },
  });
}

const clientOverviewPagesOptions = (filters: ClientFilters) =>
  infiniteQueryOptions({
    queryKey: [...savingsKeys.clientOverview(), filters] as const,
    queryFn: ({ pageParam, signal }) => fetchClientOverview({ page: pageParam, filters }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // a new filter keeps the rows on screen until its first page comes
    placeholderData: keepPreviousData,
    // client types and bad-payer flags live on the players
    meta: { liveKinds: ['players'] },
  });

/** Savings Management: one client type's players against their limits, a page at a time, filtered on the server. */
export function useClientOverviewPages(filters: ClientFilters) {
  return useInfiniteQuery(clientOverviewPagesOptions(filters));
}

function useInvalidateClients() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: savingsKeys.all }),
      qc.invalidateQueries({ queryKey: playerKeys.all }),
    ]).then(() => undefined);
}

function setClientType({ playerId, clientType }: { playerId: number; clientType: ClientType }) {
  return api.put(`/admin/players/${playerId}/client-type`, undefined, { query: { client_type: clientType } });
}

export function useSetClientType() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: setClientType, onSuccess: invalidate });
}

function markExistingAsOld() {
  return api.post('/admin/savings/mark-existing-players');
}

export function useMarkExistingAsOld() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: markExistingAsOld, onSuccess: invalidate });
}
