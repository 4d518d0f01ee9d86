import { liveRoot } from '@/lib/live-kinds';

export const playerKeys = {
  all: liveRoot('players'),
  /** the signed-in user and their player profile */
  me: () => [...playerKeys.all, 'me'] as const,
  searches: () => [...playerKeys.all, 'search'] as const,
  search: (term: string) => [...playerKeys.searches(), term] as const,
};
