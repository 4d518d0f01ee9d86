import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PearlRequestsTab } from '@/features/exchange/pearl-requests-tab';
import { makeExchangePage, makeExchangeRequest } from '@/testing/exchange-fixtures';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const SALE = makeExchangeRequest({ id: 12, player_name: 'Aria', pearls_amount: 10, exchange_rate: 2500, bread_amount: 25_000 });
const PURCHASE = makeExchangeRequest({
  id: 9,
  player_name: 'Borin',
  player_discord: 'borin.guild',
  exchange_type: 'buy',
  pearls_amount: 5,
  exchange_rate: 3500,
  bread_amount: 17_500,
  savings_option: '31',
  savings_id: 31,
  destination: 'Savings Account #31',
  status: 'approved',
  decided_by: 'admin',
  decided_at: '2026-03-01T12:00:00Z',
  admin_notes: 'Paid in the game',
});

function params(call: MockCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://bank.test').searchParams);
}

describe('Admin PearlRequestsTab', () => {
  it('shows pearls, bread and the per-pearl rate, with Approve and Deny only while pending', async () => {
    mockFetch({ 'GET /api/admin/pearl-exchange-requests': { body: makeExchangePage([SALE, PURCHASE]) } });
    renderWithProviders(<PearlRequestsTab />);
    const sale = await screen.findByTestId('pearl-request-12');
    expect(within(sale).getByRole('heading', { level: 3 }).textContent).toBe('Aria: Sell Pearls');
    expect(within(sale).getByText('Pending').className).toContain('badge--warning');
    expect(['Pearls', 'Bread Amount', 'Rate', 'Destination'].map((label) => definitionOf(sale, label))).toEqual([
      '10 pearls',
      '€25,000',
      '€2,500 per pearl',
      'New Savings Account',
    ]);
    expect(within(sale).getByRole('button', { name: "Approve Aria's pearl request #12" }).textContent).toBe('Approve');
    expect(within(sale).getByRole('button', { name: "Deny Aria's pearl request #12" }).textContent).toBe('Deny');

    const purchase = screen.getByTestId('pearl-request-9');
    expect(within(purchase).getByText('Approved').className).toContain('badge--success');
    expect(definitionOf(purchase, 'Source')).toBe('Savings Account #31');
    expect(within(purchase).getByText(/^Admin notes/).textContent).toBe('Admin notes: Paid in the game');
    expect(within(purchase).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByText(/requests?, \d+ pending$/).textContent).toBe('2 requests, 1 pending');
  });

  it("approves once with an Idempotency-Key and optional notes, and shows the server's answer", async () => {
    let rows = [SALE];
    const { calls } = mockFetch({
      'GET /api/admin/pearl-exchange-requests': () => ({ body: makeExchangePage(rows) }),
      'PUT /api/admin/pearl-exchange-requests/12/approve': () => {
        rows = [{ ...SALE, status: 'approved', created_savings_id: 44, decided_by: 'admin' }];
        return { body: { pearl_exchange_request: rows[0], detail: 'Pearl exchange request approved.' } };
      },
    });
    renderWithProviders(<PearlRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Aria's pearl request #12" }));
    const dialog = screen.getByRole('dialog', { name: 'Approve pearl exchange' });
    expect(within(dialog).getByText(/^Aria:/).textContent).toBe(
      'Aria: sell pearls, 10 pearls at €2,500 per pearl = €25,000 (New Savings Account).',
    );
    fireEvent.change(within(dialog).getByLabelText('Approval notes (optional)'), { target: { value: 'Welcome' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe('Pearl exchange request approved.');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/admin/pearl-exchange-requests/12/approve?admin_notes=Welcome');
    expect(put?.headers['Idempotency-Key']).toMatch(UUID);
    const card = screen.getByTestId('pearl-request-12');
    await waitFor(() => expect(within(card).getByText('Approved').className).toContain('badge--success'));
    expect(within(card).queryAllByRole('button')).toHaveLength(0);
    expect(within(card).getByText(/^Approved by admin/).textContent).toBe('Approved by admin, opened Savings Account #44');
  });

  it('needs a reason to deny, and sends it', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/pearl-exchange-requests': { body: makeExchangePage([SALE]) },
      'PUT /api/admin/pearl-exchange-requests/12/deny': {
        body: { pearl_exchange_request: { ...SALE, status: 'denied' }, detail: 'Pearl exchange request denied.' },
      },
    });
    renderWithProviders(<PearlRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Deny Aria's pearl request #12" }));
    const dialog = screen.getByRole('dialog', { name: 'Deny pearl exchange' });
    const deny = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Deny' });
    expect(deny.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason for denial'), { target: { value: '   ' } });
    expect(deny.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason for denial'), { target: { value: 'Out of stock' } });
    fireEvent.click(deny);
    expect((await screen.findByRole('status')).textContent).toBe('Pearl exchange request denied.');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/pearl-exchange-requests/12/deny?admin_notes=Out+of+stock');
  });

  it("reports a refused approval as 'Error approving pearl exchange: ' and the server's detail", async () => {
    mockFetch({
      'GET /api/admin/pearl-exchange-requests': { body: makeExchangePage([SALE]) },
      'PUT /api/admin/pearl-exchange-requests/12/approve': {
        status: 409,
        body: { detail: 'A new client may hold at most 3 savings accounts', code: 'limit_reached' },
      },
    });
    renderWithProviders(<PearlRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Aria's pearl request #12" }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error approving pearl exchange: A new client may hold at most 3 savings accounts',
    );
  });

  it('filters by status on the server and loads further pages', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/pearl-exchange-requests': (call) => {
        const { page = '1', status } = params(call);
        if (status === 'denied') return { body: makeExchangePage([], { pending_count: 1 }) };
        return page === '1'
          ? { body: makeExchangePage([SALE], { count: 2, page_size: 1, pending_count: 1 }) }
          : { body: makeExchangePage([PURCHASE], { count: 2, page: 2, page_size: 1, pending_count: 1 }) };
      },
    });
    renderWithProviders(<PearlRequestsTab />);
    await screen.findByTestId('pearl-request-12');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(await screen.findByTestId('pearl-request-9')).getByRole('heading', { level: 3 }).textContent).toBe('Borin: Buy Pearls');
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 2 of 2 requests');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'denied' } });
    expect((await screen.findByText('No pearl exchange requests')).className).toBe('empty-state__title');
    expect(params(calls.at(-1) as MockCall)).toEqual({ status: 'denied', page: '1' });
  });
});
