import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loanKeys } from '@/features/loans/api/keys';
import type { Schemas } from '@/lib/api-types';

export type BankData = Schemas['BankDataOut'];

function fetchBankData({ signal }: { signal?: AbortSignal } = {}): Promise<BankData> {
  return api.get('/me/bank-data', { signal });
}

const bankDataQueryOptions = () =>
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
