import { useState } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { useDiscordLink } from '@/features/discord/api/use-discord-link';
import { useStartDiscordLink } from '@/features/discord/api/use-start-discord-link';
import { useUnlinkDiscord } from '@/features/discord/api/use-unlink-discord';
import '@/features/discord/discord.css';

/**
 * Link Discord (the player's Overview, and the Security screen of players and officers): Discord's page asks the
 * person to allow the bank to read who they are, then sends them back to /discord/linked. Shows the linked
 * account, unlinked in one click. Nothing shows while the bank has no Discord application set up.
 */
export function DiscordLinkCard() {
  const link = useDiscordLink();
  const start = useStartDiscordLink();
  const unlink = useUnlinkDiscord();
  const [notice, setNotice] = useState<Notice>(null);

  if (link.isPending) return null;
  if (link.isError) {
    return (
      <Card title="Discord" icon={<Icon name="send" />}>
        <p>Your Discord link could not be loaded.</p>
      </Card>
    );
  }
  if (!link.data.enabled) return null;
  const linked = link.data.linked;

  return (
    <Card title="Discord" icon={<Icon name="send" />} className="discord-link">
      <NoticeBanner notice={notice} />
      {linked ? (
        <p data-testid="discord-linked">
          Your bank account is linked to the Discord account <strong>{link.data.discord_username}</strong>.
        </p>
      ) : (
        <p>
          Link your Discord account so that the bank knows you in Discord: its <code>/bank</code> commands answer you
          there, and a player gets the bank's messages as direct messages. Discord asks you to allow it; the bank
          reads only your Discord id and name.
        </p>
      )}
      {linked ? (
        <button
          type="button"
          className="btn btn--secondary"
          disabled={unlink.isPending}
          onClick={() => {
            setNotice(null);
            unlink.mutate(undefined, {
              onSuccess: () => setNotice({ tone: 'success', text: 'Your Discord account was unlinked.' }),
              onError: (error) => setNotice({ tone: 'error', text: `Error unlinking Discord: ${errorDetail(error)}` }),
            });
          }}
        >
          Unlink Discord
        </button>
      ) : (
        <button
          type="button"
          className="btn btn--primary"
          disabled={start.isPending}
          onClick={() => {
            setNotice(null);
            start.mutate(undefined, {
              onSuccess: (answer) => window.location.assign(answer.authorize_url),
              onError: (error) => setNotice({ tone: 'error', text: `Error starting the link: ${errorDetail(error)}` }),
            });
          }}
        >
          Link Discord
        </button>
      )}
    </Card>
  );
}
