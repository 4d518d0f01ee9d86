import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PendingLoan } from '@/lib/loans';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import type { AdminPlayer } from '@/features/players/api/types';

/** The bank's figures, counted by the server (GET /api/admin/dashboard-stats `stats`). */
export interface DashboardStats {
  total_players: number;
  bad_payers: number;
  blocked_accounts: number;
  solo_access_players: number;
  new_clients: number;
  old_clients: number;
  active_loans: number;
  total_loan_value: number;
  total_to_pay: number;
  total_outstanding: number;
  total_loans: number;
  total_lent: number;
  paid_off_loans: number;
  bad_payer_loans: number;
  bad_payer_loans_value: number;
  active_savings: number;
  total_savings_value: number;
  total_invested: number;
  bad_payer_savings: number;
  bad_payer_savings_value: number;
  pending_loans: number;
  pending_withdrawals: number;
  pending_exchanges: number;
  solo_dividends: number;
}

export interface DashboardWithdrawal {
  id: number;
  player_name: string;
  amount: number;
  withdrawal_date: string;
}

export interface DashboardExchange {
  id: number;
  player_name: string;
  exchange_type: 'sell' | 'buy';
  pearls_amount: number;
  bread_amount: number;
}

export interface DashboardBadPayer extends AdminPlayer {
  active_loans_count: number;
  active_loans_value: number;
  active_savings_count: number;
  active_savings_value: number;
}

export interface Dashboard {
  stats: DashboardStats;
  solo_dividends: number;
  /** the oldest five of each kind still pending */
  pending_loans: PendingLoan[];
  withdrawal_requests: DashboardWithdrawal[];
  pearl_exchange_requests: DashboardExchange[];
  /** the first five bad payers by name */
  bad_payers: DashboardBadPayer[];
}

export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return api.get<Dashboard>('/admin/dashboard-stats', { signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => fetchDashboard(signal),
    meta: {
      liveKinds: ['loans', 'savings', 'pending_loans', 'withdrawal_requests', 'pearl_exchange_requests', 'solo_dividends'],
    },
  });

/** The admin Overview's figures and short lists; refreshed by every notice of a kind it counts. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
