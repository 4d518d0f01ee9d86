import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { waitingKeys } from '@/features/waiting/api/keys';
import type { Schemas } from '@/lib/api-types';

/** What the signed-in officer may decide now, and what waits for a second officer they cannot be. */
export type Waiting = Schemas['WaitingOut'];

/** A request or a proposal in one of the two lists, in the server's words. */
export type WaitingItem = Schemas['WaitingItemOut'];

function fetchWaiting(signal?: AbortSignal): Promise<Waiting> {
  return api.get('/admin/waiting', { signal });
}

const waitingQueryOptions = () =>
  queryOptions({
    queryKey: waitingKeys.mine(),
    queryFn: ({ signal }) => fetchWaiting(signal),
    // every kind it lists, and the officers: an approval counts only while its officer may still decide
    meta: { liveKinds: ['withdrawal_requests', 'pearl_exchange_requests', 'proposals', 'officers'] },
  });

/** GET /api/admin/waiting: the two lists, oldest first, and how many each holds in all. */
export function useWaiting() {
  return useQuery(waitingQueryOptions());
}

/** How many items the signed-in officer may decide now (the tab's badge, the Overview's line). */
export function useWaitingForMeCount() {
  return useQuery({ ...waitingQueryOptions(), select: (waiting) => waiting.for_me_count });
}
