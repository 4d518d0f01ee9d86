import { liveRoot } from '@/lib/live-kinds';

// Credit keys start with the live kind 'credit': a credit notice refreshes every credit view.
export const creditKeys = {
  all: liveRoot('credit'),
  player: (playerId: number) => [...creditKeys.all, 'player', playerId] as const,
  score: (playerId: number) => [...creditKeys.player(playerId), 'score'] as const,
  history: (playerId: number) => [...creditKeys.player(playerId), 'history'] as const,
  eligibility: (playerId: number) => [...creditKeys.player(playerId), 'eligibility'] as const,
  overview: () => [...creditKeys.all, 'overview'] as const,
  migrationPreview: () => [...creditKeys.all, 'migration-preview'] as const,
  /** the tier table and how to earn points */
  benefits: () => [...creditKeys.all, 'benefits'] as const,
};
