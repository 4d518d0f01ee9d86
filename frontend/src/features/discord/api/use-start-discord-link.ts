import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';

function startLink(): Promise<Schemas['DiscordLinkStartOut']> {
  return api.post('/discord/link');
}

/** POST /api/discord/link: the address of Discord's page (with a new single-use state) to send the browser to. */
export function useStartDiscordLink() {
  return useMutation({ mutationFn: startLink });
}
