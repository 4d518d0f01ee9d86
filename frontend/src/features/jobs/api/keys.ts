import { liveRoot } from '@/lib/live-kinds';

// The daily jobs (bank/jobs.py): a run that ends sends a `jobs` notice to the admins.
export const jobKeys = {
  all: liveRoot('jobs'),
  status: () => [...jobKeys.all, 'status'] as const,
  reconcile: () => [...jobKeys.all, 'reconcile'] as const,
};
