import { liveRoot } from '@/lib/live-kinds';

export const playerKeys = {
  all: liveRoot('players'),
  /** the signed-in user and their player profile */
  me: () => [...playerKeys.all, 'me'] as const,
  searches: () => [...playerKeys.all, 'search'] as const,
  /** a search's matches, a page at a time (an infinite query: Search Player, Add Product's picker) */
  searchPages: (term: string) => [...playerKeys.searches(), 'pages', term] as const,
  /** admin lists, a page at a time */
  lists: () => [...playerKeys.all, 'list'] as const,
  blocked: () => [...playerKeys.lists(), 'blocked'] as const,
  badPayers: () => [...playerKeys.lists(), 'bad-payers'] as const,
};
