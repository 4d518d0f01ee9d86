import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { exchangeSettingsKeys, type ExchangeQuoteParams } from '@/features/exchange/api/keys';
import type { ExchangeQuote } from '@/features/exchange/api/types';

function fetchExchangeQuote({ exchangeType, pearls }: ExchangeQuoteParams, signal?: AbortSignal): Promise<ExchangeQuote> {
  return api.get('/pearl-exchange/quote', {
    // sent as typed: the server says what it cannot read
    query: { exchange_type: exchangeType, pearls_amount: pearls || undefined },
    signal,
  });
}

const exchangeQuoteQueryOptions = (params: ExchangeQuoteParams) =>
  queryOptions({
    queryKey: exchangeSettingsKeys.quote(params),
    queryFn: ({ signal }) => fetchExchangeQuote(params, signal),
    // while the next answer loads, the form keeps showing the last one
    placeholderData: keepPreviousData,
  });

/**
 * The server's price for what the form holds, asked once typing pauses. `updating` is true while
 * the answer shown is older than what is typed.
 */
export function useExchangeQuote(typed: ExchangeQuoteParams, { enabled = true }: { enabled?: boolean } = {}) {
  const params = { exchangeType: typed.exchangeType, pearls: typed.pearls.trim() };
  const asked = useDebouncedValue(params);
  const quote = useQuery({ ...exchangeQuoteQueryOptions(asked), enabled });
  const updating =
    enabled && (quote.isPlaceholderData || quote.isFetching || JSON.stringify(asked) !== JSON.stringify(params));
  return { quote, updating };
}
