import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveRoot } from '@/lib/live-kinds';

/** GET/PUT /api/admin/bank-settings (bank/apis.py BankSettingsOut): treasurers only. */
export interface BankSettings {
  /** bread: a decision paying out or lending more than this needs two different officers */
  four_eyes_above: number;
  updated_at: string;
  /** '' while nobody has changed the settings */
  updated_by: string;
}

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
function setBankSettings(input: { four_eyes_above: string }): Promise<BankSettings> {
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
