import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savingsKeys } from '@/features/savings/api/keys';
import { playerKeys } from '@/features/players/api/keys';
import type { Schemas } from '@/lib/api-types';

export type ClientType = Schemas['ClientTypeEnum'];

export type ClientRow = Schemas['ClientRowOut'];

export type ClientOverview = Schemas['ClientOverviewOut'];

const clientOverviewQueryOptions = () =>
  queryOptions({
    queryKey: savingsKeys.clientOverview(),
    queryFn: ({ signal }) => api.get<ClientOverview>('/admin/savings/client-overview', { signal }),
    // client types and bad-payer flags live on the players
    meta: { liveKinds: ['players'] },
  });

/** Savings Management: each player's active savings against their client type's limits. */
export function useClientOverview() {
  return useQuery(clientOverviewQueryOptions());
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
  return api.put<Schemas['ClientTypeOut']>(`/admin/players/${playerId}/client-type`, undefined, { query: { client_type: clientType } });
}

export function useSetClientType() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: setClientType, onSuccess: invalidate });
}

function markExistingAsOld() {
  return api.post<Schemas['MarkedOldOut']>('/admin/savings/mark-existing-players');
}

export function useMarkExistingAsOld() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: markExistingAsOld, onSuccess: invalidate });
}
