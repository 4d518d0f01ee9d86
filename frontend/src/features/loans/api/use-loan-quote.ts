import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoanQuote } from '@/lib/loans';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { loanKeys, type LoanQuoteParams } from '@/features/loans/api/keys';

function fetchLoanQuote({ playerId, value, totalDays }: LoanQuoteParams, signal?: AbortSignal): Promise<LoanQuote> {
  return api.get('/loans/quote', {
    // sent as typed: the server reads shortcuts such as 500k, and says what it cannot read
    query: { player_id: playerId ?? undefined, value: value || undefined, total_days: totalDays || undefined },
    signal,
  });
}

export const loanQuoteQueryOptions = (params: LoanQuoteParams) =>
  queryOptions({
    queryKey: loanKeys.quote(params),
    queryFn: ({ signal }) => fetchLoanQuote(params, signal),
    // while the next answer loads, the form keeps showing the last one
    placeholderData: keepPreviousData,
    // the price follows the player's credit tier, and a bad-payer flag changes the eligibility
    meta: { liveKinds: ['credit', 'players'] },
  });

/**
 * The server's price for what the form holds, asked once typing pauses. `updating` is true while
 * the answer shown is older than what is typed.
 */
export function useLoanQuote(typed: LoanQuoteParams, { enabled = true }: { enabled?: boolean } = {}) {
  const params = { playerId: typed.playerId, value: typed.value.trim(), totalDays: typed.totalDays.trim() };
  const asked = useDebouncedValue(params);
  const quote = useQuery({ ...loanQuoteQueryOptions(asked), enabled });
  const updating =
    enabled && (quote.isPlaceholderData || quote.isFetching || JSON.stringify(asked) !== JSON.stringify(params));
  return { quote, updating };
}
