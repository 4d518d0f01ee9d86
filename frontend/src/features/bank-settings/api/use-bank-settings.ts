import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveRoot } from '@/lib/live-kinds';
import type { Schemas } from '@/lib/api-types';

/** GET/PUT /api/admin/bank-settings (bank/apis.py BankSettingsOut): treasurers only. */
export type BankSettings = Schemas['BankSettingsOut'];

// The bank settings live under 'bank_settings' (its notice refreshes them).
const bankSettingsKeys = {
  all: liveRoot('bank_settings'),
  current: () => [...bankSettingsKeys.all, 'current'] as const,
};

export function useBankSettings() {
  return useQuery(
    queryOptions({
      queryKey: bankSettingsKeys.current(),
      queryFn: ({ signal }) => api.get<BankSettings>('/admin/bank-settings', { signal }),
    }),
  );
}

/** The threshold as typed: the server says what it cannot read ("must be between 0 and ..."). */
function setBankSettings(input: Partial<Record<keyof Schemas['BankSettingsInRequest'], string>>): Promise<BankSettings> {
  return api.put<BankSettings>('/admin/bank-settings', input);
}

export function useSetBankSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setBankSettings,
    onSuccess: (settings) => {
      qc.setQueryData(bankSettingsKeys.current(), settings);
      return qc.invalidateQueries({ queryKey: bankSettingsKeys.all });
    },
  });
}
