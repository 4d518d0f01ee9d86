import { liveRoot } from '@/lib/live-kinds';
import type { Schemas } from '@/lib/api-types';

/** A Bank Health range: the last 30, 90 or 365 days to yesterday, or the days from one to another. */
export type HealthRange = { days: 30 | 90 | 365 } | { from: string; to: string };

export type ArrearsBucket = Schemas['BucketEnum'];

export interface ArrearsFilters {
  /** the API's `ordering`: a field, with a leading - from the most */
  ordering: string;
  bucket: ArrearsBucket | '';
}

// The daily figures are written by the daily job (operations/bank_health.py): its run sends `jobs`.
export const bankHealthKeys = {
  all: liveRoot('jobs'),
  range: (range: HealthRange) => [...bankHealthKeys.all, 'bank-health', range] as const,
};

// Arrears change with the loans' days: a day marked, a loan paid off or lent sends `loans`.
export const arrearsKeys = {
  all: liveRoot('loans'),
  lists: () => [...arrearsKeys.all, 'arrears'] as const,
  list: (filters: ArrearsFilters) => [...arrearsKeys.lists(), filters] as const,
  book: () => [...arrearsKeys.lists(), 'book'] as const,
};
