import { liveRoot } from '@/lib/live-kinds';

// Officers' changes waiting for a second officer live under 'proposals' (its notice refreshes them).
export const proposalKeys = {
  all: liveRoot('proposals'),
  /** the pending proposals, a page at a time (the Four Eyes tab) */
  pending: () => [...proposalKeys.all, 'pending'] as const,
  /** how many wait (the tab's badge) */
  pendingCount: () => [...proposalKeys.all, 'pending-count'] as const,
};
