import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { OfficerAccess } from '@/features/officers';
import type { Role } from '@/lib/officers';
import { describe, expect, it } from 'vitest';
import { deleteSummaryText } from '@/features/player-accounts/confirm-delete-modal';
import { SearchPlayerTab } from '@/features/player-accounts/search-player-tab';
import { makePlayer } from '@/testing/player-fixtures';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const ARIA = makePlayer();
const BORIN = makePlayer({ id: 8, name: 'Borin', discord: 'borin.guild', bad_payer: true });

function termOf(call: MockCall): string | null {
  return new URL(call.url, 'http://x').searchParams.get('term');
}

function search(term: string) {
  fireEvent.change(screen.getByLabelText('Search by name or ID'), { target: { value: term } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

function renderTab() {
  return renderWithProviders(<SearchPlayerTab adminName="admin" />, { route: '/admin-panel' });
}

describe('deleteSummaryText', () => {
  it("says the server's counts in words", () => {
    expect(deleteSummaryText({ players_count: 2, loans_count: 1, savings_count: 3, pending_loans_count: 0 })).toBe(
      'Deleted 2 players, 1 loan, 3 savings accounts, 0 loan requests.',
    );
    expect(
      deleteSummaryText({
        players_count: 1,
        loans_count: 0,
        savings_count: 1,
        pending_loans_count: 1,
        withdrawal_requests_count: 2,
        pearl_exchange_requests_count: 1,
        credit_events_count: 4,
      }),
    ).toBe('Deleted 1 player, 0 loans, 1 savings account, 1 loan request, 2 withdrawal requests, 1 pearl exchange request, 4 credit events.');
  });
});

describe('SearchPlayerTab', () => {
  it('asks for a search term before searching', () => {
    const { calls } = mockFetch({});
    renderTab();
    search('   ');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a search term');
    expect(calls).toHaveLength(0);
  });

  it('says when nobody matches', async () => {
    mockFetch({ 'GET /api/search/players': { body: { players: [], count: 0, page: 1, page_size: 50 } } });
    renderTab();
    search('zed');
    expect((await screen.findByRole('alert')).textContent).toBe('No players found matching: zed');
  });

  it('lists the players found with a checkbox each, and Select All / Deselect All', async () => {
    const { calls } = mockFetch({ 'GET /api/search/players': { body: { players: [ARIA, BORIN], count: 2, page: 1, page_size: 50 } } });
    renderTab();
    search('a');
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(calls.map(termOf)).toEqual(['a']);
    expect(within(results).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Select Aria', 'Select Borin']);
    expect(within(results).getByTestId('search-result-8').textContent).toContain('Bad payer');
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(within(results).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    expect(screen.getByRole('button', { name: 'Delete Selected (2)' }).textContent).toBe('Delete Selected (2)');
    fireEvent.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(within(results).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([false, false]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Borin' }));
    expect(screen.getByText(/selected$/).textContent).toBe('2 players found · 1 selected');
  });

  it('loads the next page of matches with Load more', async () => {
    const { calls } = mockFetch({
      'GET /api/search/players': (call) =>
        new URL(call.url, 'http://x').searchParams.get('page') === '2'
          ? { body: { players: [BORIN], count: 3, page: 2, page_size: 2 } }
          : { body: { players: [ARIA, { ...BORIN, id: 9, name: 'Cato' }], count: 3, page: 1, page_size: 2 } },
    });
    renderTab();
    search('a');
    expect((await screen.findByText(/selected$/)).textContent).toBe('3 players found · 0 selected');
    screen.getByText('Showing 2 of 3 players');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    const results = screen.getByRole('list', { name: 'Search results' });
    await within(results).findByRole('checkbox', { name: 'Select Borin' });
    expect(['Select Aria', 'Select Cato', 'Select Borin'].map((name) => within(results).getByRole('checkbox', { name }).getAttribute('type'))).toEqual([
      'checkbox',
      'checkbox',
      'checkbox',
    ]);
    // every match is on screen: nothing more to load
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.filter((call) => call.url.includes('/search/players')).map((call) => new URL(call.url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
  });

  it('refuses to delete with nothing selected', async () => {
    const { calls } = mockFetch({ 'GET /api/search/players': { body: { players: [ARIA], count: 1, page: 1, page_size: 50 } } });
    renderTab();
    search('aria');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Selected (0)' }));
    expect(screen.getByRole('alert').textContent).toBe('Please select at least one player to delete');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it('deletes the selected players after the permanent-removal warning and shows the summary', async () => {
    let players = [ARIA, BORIN];
    const { calls } = mockFetch({
      'GET /api/search/players': () => ({ body: { players, count: players.length, page: 1, page_size: 50 } }),
      'DELETE /api/admin/players/bulk-delete': () => {
        players = [ARIA];
        return {
          body: {
            players_count: 1,
            loans_count: 2,
            savings_count: 1,
            pending_loans_count: 1,
            withdrawal_requests_count: 0,
            pearl_exchange_requests_count: 0,
          },
        };
      },
    });
    renderTab();
    search('a');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Borin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete 1 player?' });
    expect(within(dialog).getByText(/permanently removes/).textContent).toBe(
      'Warning: this permanently removes Borin and all their data: loans, savings, loan requests, withdrawal and pearl exchange requests and credit history. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Permanently' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Deleted 1 player, 2 loans, 1 savings account, 1 loan request, 0 withdrawal requests, 0 pearl exchange requests.',
    );
    const sent = calls.find((call) => call.method === 'DELETE');
    expect(sent?.body).toEqual({ player_ids: [8] });
    expect(sent?.headers['Idempotency-Key']).toMatch(/^[\w-]{8,}$/);
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Select Borin' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's refusal of a bulk delete", async () => {
    mockFetch({
      'GET /api/search/players': { body: { players: [ARIA], count: 1, page: 1, page_size: 50 } },
      'DELETE /api/admin/players/bulk-delete': { status: 404, body: { detail: 'Players not found: #7. Refresh the list and try again.', code: 'not_found' } },
    });
    renderTab();
    search('aria');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Aria' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Selected (1)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Permanently' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error deleting players: Players not found: #7. Refresh the list and try again.');
  });

  it("changes a player's password from the results; an empty password sends nothing", async () => {
    const { calls } = mockFetch({
      'GET /api/search/players': { body: { players: [ARIA], count: 1, page: 1, page_size: 50 } },
      'PUT /api/admin/players/7/password': { body: ARIA },
    });
    renderTab();
    search('aria');
    fireEvent.click(await screen.findByRole('button', { name: 'Password of Aria' }));
    const form = screen.getByRole('form', { name: 'New password for Aria' });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'n3w-secret!' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password updated successfully!');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ new_password: 'n3w-secret!' });
    expect(screen.queryByRole('form', { name: 'New password for Aria' })).toBeNull();
  });

  it('opens the details card and toggles bad payer and solo access on the server', async () => {
    let aria = ARIA;
    const { calls } = mockFetch({
      'GET /api/search/players': () => ({ body: { players: [aria], count: 1, page: 1, page_size: 50 } }),
      'GET /api/credit/benefits': { body: { max_score: 300, required_score: 50, tiers: [], how_to_earn: [] } },
      'PUT /api/players/7': (call) => {
        aria = { ...aria, ...(call.body as object) };
        return { body: aria };
      },
    });
    renderTab();
    search('aria');
    fireEvent.click(await screen.findByRole('button', { name: 'View Details of Aria' }));
    const details = screen.getByRole('heading', { name: 'Aria · Player #7' }).closest('article') as HTMLElement;
    expect(definitionOf(details, 'Discord')).toBe('aria.guild');
    expect(definitionOf(details, 'Standing')).toBe('Good standing');
    await waitFor(() => expect(definitionOf(details, 'Credit Score')).toBe('120 / 300'));
    fireEvent.click(within(details).getByRole('button', { name: 'Mark as Bad Payer' }));
    expect((await within(details).findByRole('status')).textContent).toBe('Aria is now marked as a bad payer');
    await waitFor(() => expect(definitionOf(details, 'Standing')).toBe('Bad payer'));
    expect(within(details).getByRole('button', { name: 'Remove Bad Payer' }).textContent).toBe('Remove Bad Payer');
    fireEvent.click(within(details).getByRole('button', { name: 'Grant Solo Access' }));
    expect((await within(details).findByText('Aria now has solo access')).getAttribute('role')).toBe('status');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ bad_payer: true }, { has_solo_access: true }]);
  });

  it('adds a product from the details card; a bad payer is refused', async () => {
    const { calls } = mockFetch({
      'GET /api/search/players': { body: { players: [BORIN], count: 1, page: 1, page_size: 50 } },
      'GET /api/loans/limits': { body: { min_amount: 1, max_amount: 1_000_000_000, min_days: 1, max_days: 3650 } },
      'POST /api/loans': {
        status: 400,
        body: { detail: 'Cannot create products for bad payers', code: 'bad_payer', fields: {} },
      },
    });
    renderTab();
    search('borin');
    fireEvent.click(await screen.findByRole('button', { name: 'View Details of Borin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const form = screen.getByRole('heading', { name: 'Add a product for Borin' }).closest('article') as HTMLElement;
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: '500k' } });
    fireEvent.change(within(form).getByLabelText('Loan Duration (Days)'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Product' }));
    // the server's refusal, as it says it
    expect((await within(form).findByRole('alert')).textContent).toBe('Cannot create products for bad payers');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { player_id: BORIN.id, value: '500k', total_days: 10, user: 'admin' },
    ]);
  });

  it("shows View Products with the player's loans and savings", async () => {
    mockFetch({
      'GET /api/search/players': { body: { players: [ARIA], count: 1, page: 1, page_size: 50 } },
      'GET /api/players/7/products': { body: { loans: [], pending_loans: [], savings: [] } },
    });
    renderTab();
    search('aria');
    fireEvent.click(await screen.findByRole('button', { name: 'View Details of Aria' }));
    fireEvent.click(screen.getByRole('button', { name: 'View Products' }));
    expect((await screen.findByText('No loans yet.')).className).toBe('muted');
    expect(screen.getByText('No savings yet.').className).toBe('muted');
  });
});

const asRole = (role: Role) => ({ wrap: (node: ReactNode) => <OfficerAccess.Provider value={asOfficer(role)}>{node}</OfficerAccess.Provider> });

describe('SearchPlayerTab and roles', () => {
  function renderAs(role: Role) {
    mockFetch({
      'GET /api/search/players': { body: { players: [ARIA], count: 1, page: 1, page_size: 50 } },
      'GET /api/credit/benefits': { body: { max_score: 300, required_score: 50, tiers: [], how_to_earn: [] } },
    });
    renderWithProviders(<SearchPlayerTab adminName="admin" />, { route: '/admin-panel', ...asRole(role) });
    search('aria');
  }

  it('shows a teller no selection, bulk delete, password, bad payer, solo access or Add Product', async () => {
    renderAs('teller');
    fireEvent.click(await screen.findByRole('button', { name: 'View Details of Aria' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete Selected/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select All' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Password of Aria' })).toBeNull();
    const actions = screen.getByRole('group', { name: 'Actions for Aria' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'View Products',
      'Statement',
      'Audit Trail',
      'Close',
    ]);
  });

  it('shows a loan officer bad payer and Add Product, not solo access, passwords or bulk delete', async () => {
    renderAs('loan_officer');
    fireEvent.click(await screen.findByRole('button', { name: 'View Details of Aria' }));
    expect(screen.queryByRole('button', { name: /^Delete Selected/ })).toBeNull();
    const actions = screen.getByRole('group', { name: 'Actions for Aria' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Mark as Bad Payer',
      'Add Product',
      'View Products',
      'Statement',
      'Audit Trail',
      'Close',
    ]);
  });

  it('shows a treasurer everything', async () => {
    renderAs('treasurer');
    fireEvent.click(await screen.findByRole('button', { name: 'View Details of Aria' }));
    screen.getByRole('checkbox', { name: 'Select Aria' });
    screen.getByRole('button', { name: /^Delete Selected/ });
    screen.getByRole('button', { name: 'Password of Aria' });
    const actions = screen.getByRole('group', { name: 'Actions for Aria' });
    within(actions).getByRole('button', { name: 'Grant Solo Access' });
    within(actions).getByRole('button', { name: 'Change Password' });
  });
});
