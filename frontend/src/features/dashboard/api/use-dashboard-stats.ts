import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import type { Schemas } from '@/lib/api-types';

/** The bank's figures, counted by the server (GET /api/admin/dashboard-stats `stats`). */
export type DashboardStats = Schemas['StatsOut'];

export type Dashboard = Schemas['DashboardOut'];

function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get('/admin/dashboard-stats', { signal });
}

const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => fetchDashboard(signal),
    meta: {
      // backups: a daily backup written or checked (its state is on the Overview)
      liveKinds: ['loans', 'savings', 'pending_loans', 'withdrawal_requests', 'pearl_exchange_requests', 'solo_dividends', 'backups'],
    },
  });

/** The admin Overview's figures and short lists; refreshed by every notice of a kind it counts. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
