import { liveRoot } from '@/lib/live-kinds';

// The Discord outbox: a delivery round sends a `notifications` notice; a queued message arrives
// with its decision's own notice (the query names those kinds in its meta).
export const notificationKeys = {
  all: liveRoot('notifications'),
  undelivered: () => [...notificationKeys.all, 'undelivered'] as const,
};
