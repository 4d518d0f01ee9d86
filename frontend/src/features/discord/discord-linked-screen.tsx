import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AppShell } from '@/components/app-shell';
import { LoadingBlock } from '@/components/loading-block';
import { NoticeBanner } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { useCompleteDiscordLink } from '@/features/discord/api/use-complete-discord-link';
import '@/features/discord/discord.css';

interface DiscordLinkedScreenProps {
  username: string;
  onLogout: () => Promise<void>;
  /** where "Back to the bank" goes: the person's own home screen */
  home: string;
}

function readReturn(): { code: string; state: string; error: string } {
  const query = new URLSearchParams(window.location.search);
  return { code: query.get('code') ?? '', state: query.get('state') ?? '', error: query.get('error') ?? '' };
}

/**
 * /discord/linked: where Discord sends the browser back after Link Discord, with a code and the bank's state.
 * Posts both once with the signed-in person's token; the server checks the state is theirs and unused.
 */
export function DiscordLinkedScreen({ username, onLogout, home }: DiscordLinkedScreenProps) {
  const navigate = useNavigate();
  const complete = useCompleteDiscordLink();
  const sent = useRef(false);
  const [back] = useState(readReturn);

  useEffect(() => {
    const { code, state, error } = back;
    if (sent.current || error || !code || !state) return;
    sent.current = true;
    complete.mutate({ code, state });
    // the address keeps no code once it is spent
    window.history.replaceState(null, '', window.location.pathname);
  }, [back, complete]);

  const { code, state, error } = back;
  let outcome;
  if (error || !code || !state) {
    outcome = (
      <NoticeBanner
        notice={{ tone: 'error', text: 'Discord did not link your account: it was cancelled on Discord’s page. Press Link Discord again.' }}
      />
    );
  } else if (complete.isSuccess) {
    outcome = (
      <NoticeBanner notice={{ tone: 'success', text: `Your Discord account ${complete.data.discord_username} is linked.` }} />
    );
  } else if (complete.isError) {
    outcome = <NoticeBanner notice={{ tone: 'error', text: errorDetail(complete.error) }} />;
  } else {
    outcome = <LoadingBlock message="Linking your Discord account..." />;
  }

  return (
    <AppShell username={username} role="Link Discord" onLogout={onLogout}>
      <section className="card discord-linked" aria-labelledby="discord-linked-title">
        <h2 className="card__title" id="discord-linked-title">
          Link Discord
        </h2>
        {outcome}
        <button type="button" className="btn btn--primary" onClick={() => void navigate(home, { replace: true })}>
          Back to the bank
        </button>
      </section>
    </AppShell>
  );
}
