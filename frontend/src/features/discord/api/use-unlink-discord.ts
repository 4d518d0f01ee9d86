import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { discordKeys } from '@/features/discord/api/keys';

function unlink(): Promise<Schemas['DiscordLinkOut']> {
  return api.delete('/discord/link');
}

/** DELETE /api/discord/link: forget the linked Discord account. */
export function useUnlinkDiscord() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unlink, onSuccess: (status) => qc.setQueryData(discordKeys.link(), status) });
}
