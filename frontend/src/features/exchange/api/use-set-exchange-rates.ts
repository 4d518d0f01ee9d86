import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { exchangeSettingsKeys } from '@/features/exchange/api/keys';
import type { ExchangeSettings } from '@/features/exchange/api/types';

interface ExchangeRatesInput {
  /** as typed: the server says what it cannot read */
  sell_rate: string;
  buy_rate: string;
}

function setExchangeRates(input: ExchangeRatesInput): Promise<ExchangeSettings> {
  return api
    .put('/admin/pearl-exchange-settings', undefined, { query: { ...input } })
    .then((answer) => answer.settings);
}

/** Admin: new sell and buy rates; every screen priced with them refreshes. */
export function useSetExchangeRates() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setExchangeRates,
    onSuccess: (settings) => {
      qc.setQueryData(exchangeSettingsKeys.current(), settings);
      return qc.invalidateQueries({ queryKey: exchangeSettingsKeys.all });
    },
  });
}
