import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan, PendingLoan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

export interface BankData {
  player_id: number;
  /** newest first */
  loans: Loan[];
  /** savings are not built yet: always empty */
  savings: unknown[];
  /** newest first */
  pending_loans: PendingLoan[];
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
