import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DiscordLinkCard } from '@/features/discord/discord-link-card';
import { DiscordLinkedScreen } from '@/features/discord/discord-linked-screen';
import { mockFetch } from '@/testing/fetch-mock';
import { currentPath, renderWithProviders } from '@/testing/render';

const UNLINKED = { enabled: true, linked: false, discord_id: null, discord_username: '' };
const LINKED = { enabled: true, linked: true, discord_id: '111', discord_username: 'linky' };

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('DiscordLinkCard', () => {
  it('sends the browser to the address the server made for Link Discord', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const { calls } = mockFetch({
      'GET /api/discord/link': { body: UNLINKED },
      'POST /api/discord/link': { body: { authorize_url: 'https://discord.example/oauth2/authorize?state=s' } },
    });
    renderWithProviders(<DiscordLinkCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Link Discord' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://discord.example/oauth2/authorize?state=s'));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the linked account and unlinks it in one click', async () => {
    mockFetch({ 'GET /api/discord/link': { body: LINKED }, 'DELETE /api/discord/link': { body: UNLINKED } });
    renderWithProviders(<DiscordLinkCard />);
    expect((await screen.findByTestId('discord-linked')).textContent).toContain('linky');
    fireEvent.click(screen.getByRole('button', { name: 'Unlink Discord' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your Discord account was unlinked.');
    screen.getByRole('button', { name: 'Link Discord' });
  });

  it('shows nothing while the bank has no Discord application', async () => {
    const { calls } = mockFetch({ 'GET /api/discord/link': { body: { ...UNLINKED, enabled: false } } });
    const { container } = renderWithProviders(<DiscordLinkCard />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});

describe('DiscordLinkedScreen', () => {
  it('completes the link once with the code and state Discord sent back, then forgets them', async () => {
    window.history.replaceState(null, '', '/discord/linked?code=abc&state=signed');
    const { calls } = mockFetch({ 'POST /api/discord/link/complete': { body: LINKED } });
    renderWithProviders(<DiscordLinkedScreen username="aria" onLogout={async () => {}} home="/dashboard" />, {
      route: '/discord/linked',
    });
    expect((await screen.findByText('Your Discord account linky is linked.')).getAttribute('role')).toBe('status');
    expect(calls.map((call) => call.body)).toEqual([{ code: 'abc', state: 'signed' }]);
    expect(window.location.search).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the bank' }));
    expect(currentPath()).toBe('/dashboard');
  });

  it("says the server's refusal (a state used twice)", async () => {
    window.history.replaceState(null, '', '/discord/linked?code=abc&state=used');
    mockFetch({
      'POST /api/discord/link/complete': {
        status: 400,
        body: { detail: 'This Discord link has expired or was already used: press Link Discord again.', code: 'state_refused' },
      },
    });
    renderWithProviders(<DiscordLinkedScreen username="aria" onLogout={async () => {}} home="/dashboard" />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This Discord link has expired or was already used: press Link Discord again.',
    );
  });

  it('says so when the person cancelled on Discord, without calling the bank', async () => {
    window.history.replaceState(null, '', '/discord/linked?error=access_denied&state=s');
    const { calls } = mockFetch({});
    renderWithProviders(<DiscordLinkedScreen username="aria" onLogout={async () => {}} home="/dashboard" />);
    expect((await screen.findByRole('alert')).textContent).toContain('cancelled');
    expect(calls).toHaveLength(0);
  });
});
