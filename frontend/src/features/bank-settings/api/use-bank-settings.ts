import { isAwaitingSecondApproval, type ChangeAnswer } from '@/lib/officers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveRoot } from '@/lib/live-kinds';
import type { Schemas } from '@/lib/api-types';

/** GET/PUT /api/admin/bank-settings (operations/apis.py BankSettingsOut): every officer reads them, treasurers change them. */
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
      queryFn: ({ signal }) => api.get('/admin/bank-settings', { signal }),
    }),
  );
}

/** The controls changed, as typed (rates as fractions): the server says what it cannot read ("must be between 0 and ..."). */
export type BankSettingsChange = Partial<Record<Exclude<keyof Schemas['BankSettingsInRequest'], BankSettingsSwitch>, string>> & {
  /** every officer signs in with a second factor: on at once, off waits for a second treasurer */
  require_second_factor?: boolean;
  /** the bank marks a player a bad payer after auto_bad_payer_days in arrears: on at once, off waits for a second treasurer */
  auto_bad_payer?: boolean;
};

/** The yes/no settings, each changed by a button of its own. */
export type BankSettingsSwitch = 'require_second_factor' | 'auto_bad_payer';

/** Tightening is done at once (200); loosening waits for a second treasurer (202). */
function setBankSettings(input: BankSettingsChange): Promise<ChangeAnswer<BankSettings>> {
  return api.put('/admin/bank-settings', input);
}

export function useSetBankSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setBankSettings,
    onSuccess: (settings) => {
      // a loosening waiting for a second treasurer changed nothing yet
      if (!isAwaitingSecondApproval(settings)) qc.setQueryData(bankSettingsKeys.current(), settings);
      return qc.invalidateQueries({ queryKey: bankSettingsKeys.all });
    },
  });
}
