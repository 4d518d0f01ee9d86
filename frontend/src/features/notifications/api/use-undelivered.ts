import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { notificationKeys } from '@/features/notifications/api/keys';
import type { Schemas } from '@/lib/api-types';

export type Undelivered = Schemas['UndeliveredOut'];

function fetchUndelivered(signal?: AbortSignal): Promise<Undelivered> {
  return api.get('/admin/notifications/undelivered', { signal });
}

const undeliveredQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.undelivered(),
    queryFn: ({ signal }) => fetchUndelivered(signal),
    meta: { liveKinds: ['pending_loans', 'loans', 'savings', 'withdrawal_requests', 'pearl_exchange_requests'] },
  });

/** How many Discord messages are not delivered yet, and since when (admins). */
export function useUndelivered() {
  return useQuery(undeliveredQueryOptions());
}
