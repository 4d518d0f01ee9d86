import { liveRoot } from '@/lib/live-kinds';

// The Security screen's query: the caller's own second factors. Under 'officers' (an officer's factors
// change with the officers' notice: a treasurer's reset); a player's change only by their own calls.
export const securityKeys = {
  /** the signed-in person's factors and recovery codes left */
  factors: () => [...liveRoot('officers'), 'my-factors'] as const,
};
