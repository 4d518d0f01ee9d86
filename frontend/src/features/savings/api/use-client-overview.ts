import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savingsKeys } from '@/features/savings/api/keys';
import { playerKeys } from '@/features/players/api/keys';

export type ClientType = 'new' | 'old';

export interface ClientRow {
  player_id: number;
  name: string;
  discord: string;
  client_type: ClientType;
  bad_payer: boolean;
  savings_count: number;
  max_accounts: number;
  total_savings_value: number;
  limit: number;
  percent_of_limit: number;
  status: string;
}

export interface ClientOverview {
  summary: {
    new_clients_count: number;
    new_clients_total_value: number;
    old_clients_count: number;
    old_clients_total_value: number;
  };
  limits: Array<{ client_type: ClientType; max_accounts: number; max_total: number }>;
  new_clients: ClientRow[];
  old_clients: ClientRow[];
}

export const clientOverviewQueryOptions = () =>
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

export function setClientType({ playerId, clientType }: { playerId: number; clientType: ClientType }) {
  return api.put<{ detail: string }>(`/admin/players/${playerId}/client-type`, undefined, { query: { client_type: clientType } });
}

export function useSetClientType() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: setClientType, onSuccess: invalidate });
}

export function markExistingAsOld() {
  return api.post<{ updated_count: number; detail: string }>('/admin/savings/mark-existing-players');
}

export function useMarkExistingAsOld() {
  const invalidate = useInvalidateClients();
  return useMutation({ mutationFn: markExistingAsOld, onSuccess: invalidate });
}
