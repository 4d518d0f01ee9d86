import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { savingsKeys } from '@/features/savings/api/keys';
import type { Schemas } from '@/lib/api-types';

function fetchTimezoneSettings(signal?: AbortSignal): Promise<Schemas['TimezoneSettingsAnswerOut']> {
  return api.get('/admin/timezone-settings', { signal });
}

const timezoneSettingsQueryOptions = () =>
  queryOptions({
    queryKey: savingsKeys.timezoneSettings(),
    queryFn: ({ signal }) => fetchTimezoneSettings(signal).then((answer) => answer.timezone_settings),
    staleTime: Infinity,
  });

/** The admins' timezone and the offsets a withdrawal may name (GMT-12..+12). */
export function useTimezoneSettings() {
  return useQuery(timezoneSettingsQueryOptions());
}
