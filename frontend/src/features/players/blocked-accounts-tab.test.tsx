import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { OfficerAccess } from '@/features/officers';
import type { Role } from '@/lib/officers';
import { describe, expect, it } from 'vitest';
import { BlockedAccountsTab } from '@/features/players/blocked-accounts-tab';
import { makePlayer } from '@/testing/player-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const BLOCKED = makePlayer({ id: 9, name: 'Cyra', discord: 'cyra.guild', failed_attempts: 5, blocked_at: '2025-03-02T08:30:00Z' });

describe('BlockedAccountsTab', () => {
  it('says when no account is blocked', async () => {
    mockFetch({ 'GET /api/admin/players/blocked': { body: { blocked_players: [], count: 0, page: 1, page_size: 50 } } });
    renderWithProviders(<BlockedAccountsTab />);
    expect((await screen.findByText('No blocked accounts')).className).toBe('empty-state__title');
  });

  it('shows failed attempts and the blocked-at time, and unblocks after a confirmation', async () => {
    let blocked = [BLOCKED];
    const { calls } = mockFetch({
      'GET /api/admin/players/blocked': () => ({ body: { blocked_players: blocked, count: blocked.length, page: 1, page_size: 50 } }),
      'PUT /api/admin/players/9/unblock': () => {
        blocked = [];
        return { body: { ...BLOCKED, blocked_at: null, failed_attempts: 0 } };
      },
    });
    renderWithProviders(<BlockedAccountsTab />);
    const card = await screen.findByTestId('blocked-9');
    expect(within(card).getByRole('heading').textContent).toBe('Cyra · Player #9');
    expect(definitionOf(card, 'Failed Attempts')).toBe('5');
    expect(definitionOf(card, 'Blocked At')).toMatch(/2\u00a0Mar\u00a02025/);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 1 of 1 blocked account');
    fireEvent.click(within(card).getByRole('button', { name: 'Unblock' }));
    const dialog = screen.getByRole('dialog', { name: 'Unblock Cyra?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unblock' }));
    expect((await screen.findByRole('status')).textContent).toBe('Cyra has been unblocked');
    await waitFor(() => expect(screen.queryByTestId('blocked-9')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/admin/players/9/unblock']);
  });

  it('does nothing when the unblock is cancelled', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/players/blocked': { body: { blocked_players: [BLOCKED], count: 1, page: 1, page_size: 50 } } });
    renderWithProviders(<BlockedAccountsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('resets the password', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/players/blocked': { body: { blocked_players: [BLOCKED], count: 1, page: 1, page_size: 50 } },
      'PUT /api/admin/players/9/password': { body: { ...BLOCKED, blocked_at: null } },
    });
    renderWithProviders(<BlockedAccountsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'fresh-start-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password updated successfully!');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ new_password: 'fresh-start-1' });
  });

  it("shows the server's reason when a password is refused", async () => {
    mockFetch({
      'GET /api/admin/players/blocked': { body: { blocked_players: [BLOCKED], count: 1, page: 1, page_size: 50 } },
      'PUT /api/admin/players/9/password': { status: 400, body: { detail: 'Password must be at least 8 characters', code: 'invalid' } },
    });
    renderWithProviders(<BlockedAccountsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Password' }));
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error updating password: Password must be at least 8 characters');
  });

  it('loads the next page', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/players/blocked': (call) => {
        const page = Number(new URL(call.url, 'http://x').searchParams.get('page'));
        const player = page === 1 ? BLOCKED : makePlayer({ id: 10, name: 'Dax', blocked_at: '2025-03-01T08:30:00Z' });
        return { body: { blocked_players: [player], count: 2, page, page_size: 1 } };
      },
    });
    renderWithProviders(<BlockedAccountsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findByTestId('blocked-10')).textContent).toContain('Dax');
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 2 of 2 blocked accounts');
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/players/blocked?page=1', '/api/admin/players/blocked?page=2']);
  });
});

const asRole = (role: Role) => ({ wrap: (node: ReactNode) => <OfficerAccess.Provider value={asOfficer(role)}>{node}</OfficerAccess.Provider> });

describe('BlockedAccountsTab and roles', () => {
  it.each<[Role, boolean]>([
    ['teller', false],
    ['loan_officer', false],
    ['treasurer', true],
  ])('a %s sees Unblock and Reset Password: %s (a treasurer\'s, bank/roles.py)', async (role, shown) => {
    mockFetch({ 'GET /api/admin/players/blocked': { body: { blocked_players: [BLOCKED], count: 1, page: 1, page_size: 50 } } });
    renderWithProviders(<BlockedAccountsTab />, asRole(role));
    const card = await screen.findByTestId('blocked-9');
    expect(within(card).queryByRole('button', { name: 'Unblock' }) !== null).toBe(shown);
    expect(within(card).queryByRole('button', { name: 'Reset Password' }) !== null).toBe(shown);
  });
});
