import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PendingLoan, PlayerLoan } from '@/lib/loans';
import type { Savings } from '@/lib/savings';
import { loanKeys } from '@/features/loans/api/keys';

/** The Overview cards' figures, counted and summed by the server. */
export interface ProductsSummary {
  loans_count: number;
  active_loans_count: number;
  loans_total_value: number;
  loans_remaining: number;
  savings_count: number;
  active_savings_count: number;
  savings_total_value: number;
  savings_weekly_earnings: number;
  /** weeks paid out, over every savings account */
  savings_payments_received: number;
  /** bread those weeks paid */
  savings_total_earnings: number;
}

export interface BankData {
  player_id: number;
  /** newest first */
  loans: PlayerLoan[];
  /** the player's savings accounts with their weeks */
  savings: Savings[];
  /** newest first */
  pending_loans: PendingLoan[];
  summary: ProductsSummary;
  /** null without solo access */
  solo_dividends: { dividends: number } | null;
}

export function fetchBankData({ signal }: { signal?: AbortSignal } = {}): Promise<BankData> {
  return api.get<BankData>('/me/bank-data', { signal });
}

export const bankDataQueryOptions = () =>
  queryOptions({
    queryKey: loanKeys.bankData(),
    queryFn: ({ signal }) => fetchBankData({ signal }),
    // lives under `loans`; its loan requests, dividends and savings come with it
    meta: { liveKinds: ['pending_loans', 'solo_dividends', 'savings'] },
  });

/** The signed-in player's own loans, loan requests, dividends and savings (only with a player profile). */
export function useBankData({ enabled }: { enabled: boolean }) {
  return useQuery({ ...bankDataQueryOptions(), enabled });
}
