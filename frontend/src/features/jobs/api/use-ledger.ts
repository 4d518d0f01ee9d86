import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { jobKeys, type LedgerAccount } from '@/features/jobs/api/keys';

function fetchLedger({ account, accountId }: LedgerAccount, page: number, signal?: AbortSignal) {
  return api.get('/admin/ledger', {
    signal,
    query: { account, account_id: accountId ?? undefined, page },
  });
}

const ledgerOptions = (account: LedgerAccount) =>
  infiniteQueryOptions({
    queryKey: jobKeys.ledger(account),
    queryFn: ({ pageParam, signal }) => fetchLedger(account, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // any movement of bread into or out of the account writes an entry
    meta: { liveKinds: ['savings', 'loans', 'solo_dividends'] },
  });

/** One account's ledger entries, newest first, a page at a time, with what they all add up to (admins). */
export function useLedger(account: LedgerAccount) {
  return useInfiniteQuery(ledgerOptions(account));
}
