import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPlayerTab } from '@/features/players/new-player-tab';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CREATED = { status: 201, body: { player: { id: 9, name: 'Zed' }, detail: 'Player created successfully!' } };

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('Admin NewPlayerTab', () => {
  it('needs a name and a Discord username, and sends nothing without them', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<NewPlayerTab />);
    fill('Player Name', 'Zed');
    fireEvent.click(screen.getByRole('button', { name: 'Create Player' }));
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(calls).toEqual([]);
  });

  it('creates a player without a password and says so', async () => {
    const { calls } = mockFetch({
      'POST /api/players': { status: 201, body: { player: { id: 9, name: 'Zed' }, detail: 'Player created successfully!' } },
    });
    renderWithProviders(<NewPlayerTab />);
    fill('Player Name', ' Zed ');
    fill('Discord Username', 'zed.dc');
    fireEvent.click(screen.getByRole('button', { name: 'Create Player' }));
    expect((await screen.findByRole('status')).textContent).toBe('Player created successfully!');
    expect(calls[0]?.body).toEqual({ name: 'Zed', discord: 'zed.dc' });
    expect(screen.getByLabelText<HTMLInputElement>('Player Name').value).toBe('');
  });

  it('sends the optional password when one is typed', async () => {
    const { calls } = mockFetch({ 'POST /api/players': { status: 201, body: { player: { id: 9 }, detail: 'ok' } } });
    renderWithProviders(<NewPlayerTab />);
    fill('Player Name', 'Zed');
    fill('Discord Username', 'zed.dc');
    fill('Password (optional)', 'long-enough-1');
    fireEvent.click(screen.getByRole('button', { name: 'Create Player' }));
    await screen.findByRole('status');
    expect(calls[0]?.body).toEqual({ name: 'Zed', discord: 'zed.dc', password: 'long-enough-1' });
  });

  it('shows the server’s reason when the name is taken', async () => {
    mockFetch({
      'POST /api/players': { status: 400, body: { detail: "Player name 'Zed' is already taken", code: 'name_taken', fields: {} } },
    });
    renderWithProviders(<NewPlayerTab />);
    fill('Player Name', 'Zed');
    fill('Discord Username', 'zed.dc');
    fireEvent.click(screen.getByRole('button', { name: 'Create Player' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Error creating player: Player name 'Zed' is already taken");
    expect(screen.getByLabelText<HTMLInputElement>('Player Name').value).toBe('Zed');
  });

  it('sends one Idempotency-Key for a double click', async () => {
    const { calls } = mockFetch({ 'POST /api/players': CREATED });
    renderWithProviders(<NewPlayerTab />);
    fill('Player Name', 'Zed');
    fill('Discord Username', 'zed.dc');
    const submit = screen.getByRole('button', { name: 'Create Player' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await screen.findByRole('status');
    const keys = calls.filter((call) => call.method === 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(UUID);
    expect(new Set(keys).size).toBe(1);
  });

  it('reuses the key when the admin retries after a lost answer, and takes a new one after success', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      'POST /api/players': () => {
        attempts += 1;
        return attempts === 1 ? 'network-error' : CREATED;
      },
    });
    renderWithProviders(<NewPlayerTab />);
    fill('Player Name', 'Zed');
    fill('Discord Username', 'zed.dc');
    fireEvent.click(screen.getByRole('button', { name: 'Create Player' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error creating player: /);
    fireEvent.click(screen.getByRole('button', { name: 'Create Player' }));
    await screen.findByRole('status');
    fill('Player Name', 'Zed');
    fill('Discord Username', 'zed.dc');
    fireEvent.click(screen.getByRole('button', { name: 'Create Player' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const [lost, retry, next] = calls.filter((call) => call.method === 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(lost).toMatch(UUID);
    expect(retry).toBe(lost);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(lost);
  });
});
