import { liveRoot } from '@/lib/live-kinds';

// Every withdrawal query lives under 'withdrawal_requests' (its notice refreshes them).
export const withdrawalKeys = {
  all: liveRoot('withdrawal_requests'),
  history: (playerId: number) => [...withdrawalKeys.all, 'history', playerId] as const,
  /** the admin list, a page at a time with its status filter */
  list: () => [...withdrawalKeys.all, 'list'] as const,
  /** the first page with the pending count (the tab's badge) */
  pending: () => [...withdrawalKeys.all, 'pending'] as const,
};
