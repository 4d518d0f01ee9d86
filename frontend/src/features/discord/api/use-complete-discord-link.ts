import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { discordKeys } from '@/features/discord/api/keys';

function completeLink(input: Schemas['DiscordLinkCompleteInRequest']): Promise<Schemas['DiscordLinkOut']> {
  return api.post('/discord/link/complete', input);
}

/** POST /api/discord/link/complete: the code and state Discord sent back; the server links the account. */
export function useCompleteDiscordLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: completeLink,
    onSuccess: (linked) => qc.setQueryData(discordKeys.link(), linked),
  });
}
