import { liveRoot } from '@/lib/live-kinds';

// The caller's own Discord link: under 'players' (a link or an unlink sends the players' notice, to the
// admins and to the player it is about), so another tab's link shows here at once.
export const discordKeys = {
  link: () => [...liveRoot('players'), 'my-discord-link'] as const,
};
