import { liveRoot } from '@/lib/live-kinds';

// What waits for the signed-in officer (GET /api/admin/waiting): filed under `pending_loans`; the
// other kinds it lists (withdrawals, pearl exchanges, proposals) and the officers whose approvals it
// counts are named in its query's meta (use-waiting.ts), so each of their notices refreshes it.
export const waitingKeys = {
  all: liveRoot('pending_loans'),
  mine: () => [...waitingKeys.all, 'waiting-for-me'] as const,
};
