import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exchangeSettingsKeys } from '@/features/exchange/api/keys';
import type { ExchangeSettings } from '@/features/exchange/api/types';

function fetchExchangeSettings(signal?: AbortSignal): Promise<ExchangeSettings> {
  return api.get('/admin/pearl-exchange-settings', { signal }).then((answer) => answer.settings);
}

const exchangeSettingsQueryOptions = () =>
  queryOptions({ queryKey: exchangeSettingsKeys.current(), queryFn: ({ signal }) => fetchExchangeSettings(signal) });

/** The pearl rates, with when and by whom they last changed (any signed-in user). */
export function useExchangeSettings() {
  return useQuery(exchangeSettingsQueryOptions());
}
