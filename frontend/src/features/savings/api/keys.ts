import { liveRoot } from '@/lib/live-kinds';

// Every savings query, whichever screen asks, lives under 'savings' (a `savings` notice refreshes them).
export const savingsKeys = {
  all: liveRoot('savings'),
  /** Check Savings, a page at a time with its filters */
  check: () => [...savingsKeys.all, 'check'] as const,
  detail: (savingsId: number) => [...savingsKeys.all, 'detail', savingsId] as const,
  /** a player's active savings total and breakdown (Request Withdrawal) */
  total: (playerId: number) => [...savingsKeys.all, 'total', playerId] as const,
  quotes: () => [...savingsKeys.all, 'quote'] as const,
  quote: (params: { playerId: number | null; investedValue: string }) => [...savingsKeys.quotes(), params] as const,
  clientOverview: () => [...savingsKeys.all, 'client-overview'] as const,
  /** the bank's timezone settings (they change with no notice of their own; kept with savings) */
  timezoneSettings: () => [...savingsKeys.all, 'timezone-settings'] as const,
};
