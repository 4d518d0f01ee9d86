import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { SavingsManagementTab } from '@/features/savings/savings-management-tab';
import { OfficerAccess } from '@/features/officers';
import type { Role } from '@/lib/officers';
import type { ClientOverviewPage, ClientRow } from '@/features/savings/api/use-client-overview';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { definitionsOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

function row(overrides: Partial<ClientRow>): ClientRow {
  return {
    player_id: 7,
    name: 'Aria',
    discord: 'aria.guild',
    client_type: 'new',
    bad_payer: false,
    savings_count: 2,
    max_accounts: 3,
    total_savings_value: 750_000,
    limit: 1_500_000,
    percent_of_limit: 50,
    status: 'Within Limit',
    ...overrides,
  };
}

const SUMMARY = { new_clients_count: 2, new_clients_total_value: 2_350_000, old_clients_count: 1, old_clients_total_value: 4_200_000 };
const LIMITS: ClientOverviewPage['limits'] = [
  { client_type: 'new', max_accounts: 3, max_total: 1_500_000 },
  { client_type: 'old', max_accounts: 3, max_total: 4_000_000 },
];
const NEW_CLIENTS = [row({}), row({ player_id: 8, name: 'Dax', bad_payer: true, status: 'Bad Payer', total_savings_value: 1_600_000, percent_of_limit: 106.7 })];
const OLD_CLIENTS = [row({ player_id: 9, name: 'Cyra', client_type: 'old', savings_count: 3, total_savings_value: 4_200_000, limit: 4_000_000, percent_of_limit: 105, status: 'Over Limit' })];

function page(clients: ClientRow[], { count = clients.length, number = 1, size = 50 } = {}): ClientOverviewPage {
  return { count, page: number, page_size: size, summary: SUMMARY, limits: LIMITS, clients };
}

function params(call: MockCall): URLSearchParams {
  return new URL(call.url, 'http://bank.test').searchParams;
}

/** What each table's Load more line says. */
function statusLines() {
  return Array.from(document.querySelectorAll('.load-more p'), (line) => line.textContent);
}

/** The server's answer: each client type's table asks for its own rows. */
function overview(call: MockCall) {
  return { body: params(call).get('client_type') === 'old' ? page(OLD_CLIENTS) : page(NEW_CLIENTS) };
}

describe('Admin SavingsManagementTab', () => {
  it('shows the summary, the limits and the two tables with count out of 3, percent and status', async () => {
    mockFetch({ 'GET /api/admin/savings/client-overview': overview });
    renderWithProviders(<SavingsManagementTab />);
    const summary = await screen.findByLabelText('Clients summary');
    expect(definitionsOf(summary, 'New Clients')).toEqual(['2', '€2,350,000 saved']);
    expect(definitionsOf(summary, 'Old Clients')).toEqual(['1', '€4,200,000 saved']);
    const cells = (name: string) =>
      within(screen.getByRole('table', { name }))
        .getAllByRole('row')
        .slice(1)
        .map((tableRow) => Array.from(tableRow.children, (cell) => cell.textContent));
    expect(cells('New Clients')).toEqual([
      ['Ariaaria.guild', '2 / 3', '€750,000', '50.0%', 'Within Limit', 'Make Old'],
      ['Daxaria.guild', '2 / 3', '€1,600,000', '106.7%', 'Bad Payer', 'Make Old'],
    ]);
    expect(cells('Old Clients')).toEqual([['Cyraaria.guild', '3 / 3', '€4,200,000', '105.0%', 'Over Limit', 'Make New']]);
    expect(within(screen.getByRole('table', { name: 'Old Clients' })).getByText('Over Limit').className).toContain('badge--warning');
  });

  it('pages each table with Load more and asks the server for the next page of that client type', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/savings/client-overview': (call) => {
        const query = params(call);
        if (query.get('client_type') === 'old') return { body: page(OLD_CLIENTS) };
        if (query.get('page') === '2') return { body: page([row({ player_id: 10, name: 'Eldric' })], { count: 3, number: 2, size: 2 }) };
        return { body: page(NEW_CLIENTS, { count: 3, size: 2 }) };
      },
    });
    renderWithProviders(<SavingsManagementTab />);
    const newTable = await screen.findByRole('table', { name: 'New Clients' });
    expect(within(newTable).getAllByRole('row')).toHaveLength(3); // the header and 2 clients
    expect(statusLines()).toEqual(['Showing 2 of 3 new clients', 'Showing 1 of 1 old client']);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await within(newTable).findByTestId('client-10')).textContent).toContain('Eldric');
    expect(statusLines()).toEqual(['Showing 3 of 3 new clients', 'Showing 1 of 1 old client']);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const second = calls.find((call) => params(call).get('page') === '2');
    expect(second && params(second).get('client_type')).toBe('new');
  });

  it('filters both tables by status and search on the server', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/savings/client-overview': overview });
    renderWithProviders(<SavingsManagementTab />);
    await screen.findByRole('table', { name: 'New Clients' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'over_limit' } });
    fireEvent.change(screen.getByLabelText('Search clients'), { target: { value: ' cy ' } });
    await waitFor(() => expect(calls.filter((call) => params(call).get('status') === 'over_limit')).toHaveLength(2));
    const filtered = calls.filter((call) => params(call).get('status') === 'over_limit');
    expect(filtered.map((call) => [params(call).get('client_type'), params(call).get('search')]).sort()).toEqual([
      ['new', 'cy'],
      ['old', 'cy'],
    ]);
  });

  it("switches a client's type and shows the server's message", async () => {
    const { calls } = mockFetch({
      'GET /api/admin/savings/client-overview': overview,
      'PUT /api/admin/players/7/client-type': { body: { player: {}, detail: 'Client type updated to old' } },
    });
    renderWithProviders(<SavingsManagementTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Make Old: Aria becomes an old client' }));
    expect((await screen.findByRole('status')).textContent).toBe('Client type updated to old');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/players/7/client-type?client_type=old');
  });

  it('marks existing players as old clients only after a confirmation', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/savings/client-overview': overview,
      'POST /api/admin/savings/mark-existing-players': { body: { updated_count: 3, detail: 'Marked 3 players as old clients' } },
    });
    renderWithProviders(<SavingsManagementTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Existing as Old Clients' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark every existing player as an old client?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mark Existing as Old Clients' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark as Old Clients' }));
    expect((await screen.findByRole('status')).textContent).toBe('Marked 3 players as old clients');
  });

  it("says 'Failed to fetch savings overview' when the server gives no detail", async () => {
    mockFetch({ 'GET /api/admin/savings/client-overview': 'network-error' });
    renderWithProviders(<SavingsManagementTab />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch savings overviewRetry');
  });
});

const asRole = (role: Role) => ({ wrap: (node: ReactNode) => <OfficerAccess.Provider value={asOfficer(role)}>{node}</OfficerAccess.Provider> });

describe('SavingsManagementTab and roles', () => {
  it.each<[Role, boolean]>([
    ['teller', false],
    ['loan_officer', false],
    ['treasurer', true],
  ])("a %s reads the clients and sees the client type actions: %s (a treasurer's, bank/roles.py)", async (role, mayChange) => {
    mockFetch({ 'GET /api/admin/savings/client-overview': overview });
    renderWithProviders(<SavingsManagementTab />, asRole(role));
    const oldTable = await screen.findByRole('table', { name: 'Old Clients' });
    const cells = within(oldTable)
      .getAllByRole('row')
      .map((tableRow) => Array.from(tableRow.children, (cell) => cell.textContent));
    const actions = mayChange ? [['Client Type'], ['Make New']] : [[], []];
    expect(cells).toEqual([
      ['Player', 'Savings', 'Total Value', '% of Limit', 'Status', ...actions[0]],
      ['Cyraaria.guild', '3 / 3', '€4,200,000', '105.0%', 'Over Limit', ...actions[1]],
    ]);
    expect(definitionsOf(screen.getByLabelText('Clients summary'), 'Old Clients')).toEqual(['1', '€4,200,000 saved']);
    expect(screen.queryAllByRole('button', { name: /^Make (Old|New): / })).toHaveLength(mayChange ? 3 : 0);
    expect(screen.queryByRole('button', { name: 'Mark Existing as Old Clients' }) !== null).toBe(mayChange);
    expect(screen.queryByRole('note')?.textContent ?? null).toBe(mayChange ? null : "Only a treasurer can change a player's client type.");
  });
});
