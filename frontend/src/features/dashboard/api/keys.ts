import { liveRoot } from '@/lib/live-kinds';

// The admin Overview's figures: filed under `players`; the other kinds it counts are named in
// its query's meta (use-dashboard-stats.ts), so any notice that changes a figure refreshes it.
export const dashboardKeys = {
  all: liveRoot('players'),
  stats: () => [...dashboardKeys.all, 'dashboard-stats'] as const,
};
