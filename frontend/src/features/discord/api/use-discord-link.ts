import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { discordKeys } from '@/features/discord/api/keys';

export type DiscordLink = Schemas['DiscordLinkOut'];

/** GET /api/discord/link: whether linking is set up, and the caller's linked Discord account. */
const discordLinkOptions = () =>
  queryOptions({
    queryKey: discordKeys.link(),
    queryFn: ({ signal }): Promise<DiscordLink> => api.get('/discord/link', { signal }),
  });

export function useDiscordLink() {
  return useQuery(discordLinkOptions());
}
