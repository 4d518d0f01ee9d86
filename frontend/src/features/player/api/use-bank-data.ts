import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan, PendingLoan } from '@/lib/loans';
import { loanKeys } from '@/features/player/api/keys';

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
    meta: { liveKinds: ['pending_loans', 'solo_dividends'] },
  });

/** The signed-in player's own loans, loan requests and dividends (only with a player profile). */
export function useBankData({ enabled }: { enabled: boolean }) {
  return useQuery({ ...bankDataQueryOptions(), enabled });
}
