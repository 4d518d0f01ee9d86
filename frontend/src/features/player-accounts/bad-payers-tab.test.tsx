import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { OfficerAccess } from '@/features/officers';
import type { Role } from '@/lib/officers';
import { describe, expect, it } from 'vitest';
import { BadPayersTab } from '@/features/player-accounts/bad-payers-tab';
import { makePlayer } from '@/testing/player-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const BORIN = {
  ...makePlayer({ id: 8, name: 'Borin', discord: 'borin.guild', bad_payer: true }),
  active_loans_count: 2,
  active_loans_value: 1_500_000,
  active_savings_count: 1,
  active_savings_value: 250_000,
};

function page(players: unknown[]) {
  return { body: { bad_payers: players, count: players.length, page: 1, page_size: 50 } };
}

describe('BadPayersTab', () => {
  it('says when there are no bad payers', async () => {
    mockFetch({ 'GET /api/admin/players/bad-payers': page([]) });
    renderWithProviders(<BadPayersTab adminName="admin" />);
    expect((await screen.findByText('No bad payers')).className).toBe('empty-state__title');
  });

  it("lists each bad payer's active loans and savings, counted by the server", async () => {
    mockFetch({ 'GET /api/admin/players/bad-payers': page([BORIN]) });
    renderWithProviders(<BadPayersTab adminName="admin" />);
    const card = await screen.findByTestId('bad-payer-8');
    expect(within(card).getByRole('heading').textContent).toBe('Borin · Player #8');
    expect(definitionOf(card, 'Active Loans')).toBe('2');
    expect(definitionOf(card, 'Loans Value')).toBe('€1,500,000');
    expect(definitionOf(card, 'Active Savings')).toBe('1');
    expect(definitionOf(card, 'Savings Value')).toBe('€250,000');
  });

  it('removes the bad payer flag on the server and the list refreshes', async () => {
    let players = [BORIN];
    const { calls } = mockFetch({
      'GET /api/admin/players/bad-payers': () => page(players),
      'PUT /api/players/8': () => {
        players = [];
        return { body: { ...BORIN, bad_payer: false } };
      },
    });
    renderWithProviders(<BadPayersTab adminName="admin" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Bad Payer' }));
    await waitFor(() => expect(screen.queryByTestId('bad-payer-8')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ bad_payer: false });
    expect(screen.getByText('No bad payers').className).toBe('empty-state__title');
    expect(screen.getByRole('status').textContent).toBe('Borin is no longer marked as a bad payer');
  });

  it('opens the products, the details and the password form', async () => {
    mockFetch({
      'GET /api/admin/players/bad-payers': page([BORIN]),
      'GET /api/players/8/products': { body: { loans: [], pending_loans: [], savings: [] } },
    });
    renderWithProviders(<BadPayersTab adminName="admin" />);
    fireEvent.click(await screen.findByRole('button', { name: 'View Products' }));
    expect((await screen.findByText('No loans yet.')).className).toBe('muted');
    fireEvent.click(screen.getByRole('button', { name: 'View Details' }));
    expect(screen.getAllByRole('heading', { name: 'Borin · Player #8' })).toHaveLength(2);
    expect(definitionOf(screen.getByLabelText('Details of Borin'), 'Standing')).toBe('Bad payer');
    fireEvent.click(screen.getAllByRole('button', { name: 'Change Password' })[0]);
    expect(screen.getByRole('form', { name: 'New password for Borin' }).textContent).toContain('New password for Borin');
  });
});

const asRole = (role: Role) => ({ wrap: (node: ReactNode) => <OfficerAccess.Provider value={asOfficer(role)}>{node}</OfficerAccess.Provider> });

describe('BadPayersTab and roles', () => {
  it.each<[Role, boolean, boolean]>([
    ['teller', false, false],
    ['loan_officer', true, false],
    ['treasurer', true, true],
  ])('a %s sees Remove Bad Payer: %s, Change Password: %s', async (role, badPayer, password) => {
    mockFetch({ 'GET /api/admin/players/bad-payers': page([BORIN]) });
    renderWithProviders(<BadPayersTab adminName="admin" />, asRole(role));
    const actions = await screen.findByRole('group', { name: 'Actions for Borin' });
    expect(within(actions).queryByRole('button', { name: 'Remove Bad Payer' }) !== null).toBe(badPayer);
    expect(within(actions).queryByRole('button', { name: 'Change Password' }) !== null).toBe(password);
    within(actions).getByRole('button', { name: 'View Products' });
  });
});
