import { liveRoot } from '@/lib/live-kinds';

// Every officers query lives under 'officers' (its notice refreshes them).
export const officerKeys = {
  all: liveRoot('officers'),
  /** the signed-in officer's own role */
  me: () => [...officerKeys.all, 'me'] as const,
  /** every officer, active or not (treasurers only) */
  list: () => [...officerKeys.all, 'list'] as const,
};
