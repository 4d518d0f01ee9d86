import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SavingsQuote } from '@/lib/savings';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { savingsKeys } from '@/features/savings/api/keys';

export interface SavingsQuoteParams {
  /** required for an admin, left out by a player (their own) */
  playerId: number | null;
  /** as typed ('' for the player's own active savings) */
  investedValue: string;
}

function fetchSavingsQuote({ playerId, investedValue }: SavingsQuoteParams, signal?: AbortSignal): Promise<SavingsQuote> {
  return api.get('/savings/quote', {
    query: { player_id: playerId ?? undefined, invested_value: investedValue || undefined },
    signal,
  });
}

const savingsQuoteQueryOptions = (params: SavingsQuoteParams) =>
  queryOptions({
    queryKey: savingsKeys.quote(params),
    queryFn: ({ signal }) => fetchSavingsQuote(params, signal),
    placeholderData: keepPreviousData,
    // the rate follows the credit tier; the limits follow the client type and the bad-payer flag
    meta: { liveKinds: ['credit', 'players'] },
  });

/** The player's own savings compounded: weekly earnings, the 12-week chart and the projections. */
export function useMySavingsQuote({ enabled }: { enabled: boolean }) {
  return useQuery({ ...savingsQuoteQueryOptions({ playerId: null, investedValue: '' }), enabled });
}

/** A new account's price and whether the client limits allow it, asked once typing pauses. */
export function useNewSavingsQuote(typed: SavingsQuoteParams, { enabled = true }: { enabled?: boolean } = {}) {
  const params = { playerId: typed.playerId, investedValue: typed.investedValue.trim() };
  const asked = useDebouncedValue(params);
  const quote = useQuery({ ...savingsQuoteQueryOptions(asked), enabled });
  const updating = enabled && (quote.isPlaceholderData || quote.isFetching || JSON.stringify(asked) !== JSON.stringify(params));
  return { quote, updating };
}
