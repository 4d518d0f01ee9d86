import { liveRoot } from '@/lib/live-kinds';

// The bank-wide solo dividends: one number, read by admins and solo-access players alike.
export const dividendKeys = {
  all: liveRoot('solo_dividends'),
  current: () => [...dividendKeys.all, 'current'] as const,
};
