import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/features/players';
import { PearlHistoryTab } from '@/features/exchange/pearl-history-tab';
import { makeExchangeRequest } from '@/testing/exchange-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { CAPABILITIES } from '@/testing/capabilities';

const ME: Me = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  enrolment_required: false,
  may: CAPABILITIES.player,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 160, client_type: 'new', bad_payer: false, has_solo_access: false },
};

describe('PearlHistoryTab', () => {
  it("says 'No pearl exchange history found' when there is none", async () => {
    const { calls } = mockFetch({ 'GET /api/players/7/pearl-exchange-history': { body: { pearl_exchange_history: [] } } });
    renderWithProviders(<PearlHistoryTab me={ME} />);
    expect((await screen.findByText('No pearl exchange history found')).className).toBe('empty-state__title');
    expect(calls.map((call) => call.url)).toEqual(['/api/players/7/pearl-exchange-history']);
  });

  it('shows each request with its direction, status, figures, destination or source and notes', async () => {
    const sale = makeExchangeRequest({
      id: 12,
      status: 'approved',
      created_savings_id: 44,
      decided_by: 'admin',
      decided_at: '2026-03-03T09:00:00Z',
      admin_notes: 'Enjoy',
    });
    const purchase = makeExchangeRequest({
      id: 13,
      exchange_type: 'buy',
      pearls_amount: 3,
      exchange_rate: 3500,
      bread_amount: 10_500,
      savings_option: '31',
      savings_id: 31,
      destination: 'Savings Account #31',
      status: 'denied',
      admin_notes: 'Out of stock',
      decided_by: 'admin',
    });
    mockFetch({ 'GET /api/players/7/pearl-exchange-history': { body: { pearl_exchange_history: [purchase, sale] } } });
    renderWithProviders(<PearlHistoryTab me={ME} />);

    const bought = await screen.findByTestId('exchange-13');
    expect(within(bought).getByRole('heading', { level: 3 }).textContent).toBe('Buy Pearls · Request #13');
    expect(within(bought).getByText('Denied').className).toContain('badge--error');
    expect(['Pearls', 'Bread Amount', 'Exchange Rate', 'Source'].map((label) => definitionOf(bought, label))).toEqual([
      '3 pearls',
      '€10,500',
      '€3,500 per pearl',
      'Savings Account #31',
    ]);
    expect(within(bought).getByText(/^Admin notes/).textContent).toBe('Admin notes: Out of stock');

    const sold = screen.getByTestId('exchange-12');
    expect(within(sold).getByRole('heading', { level: 3 }).textContent).toBe('Sell Pearls · Request #12');
    expect(within(sold).getByText('Approved').className).toContain('badge--success');
    expect(definitionOf(sold, 'Destination')).toBe('New Savings Account');
    expect(within(sold).getByText(/^Approved by admin/).textContent).toMatch(/, into Savings Account #44$/);
    // newest first, as the server lists them
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Buy Pearls · Request #13',
      'Sell Pearls · Request #12',
    ]);
  });

  it('tells a player without a profile to ask an admin, and asks nothing', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<PearlHistoryTab me={{ ...ME, player: null }} />);
    expect(screen.getByText('No player profile is linked to this account yet.').className).toBe('empty-state__title');
    expect(calls).toHaveLength(0);
  });

  it("cancels a pending exchange request after asking, and says the server's reason when it was decided first", async () => {
    const { calls } = mockFetch({
      'GET /api/players/7/pearl-exchange-history': { body: { pearl_exchange_history: [makeExchangeRequest({ id: 14 })] } },
      'PUT /api/pearl-exchange-requests/14/cancel': {
        status: 409,
        body: { detail: 'This pearl exchange request was already processed.', code: 'already_processed', fields: {} },
      },
    });
    renderWithProviders(<PearlHistoryTab me={ME} />);
    const card = await screen.findByTestId('exchange-14');
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this request?' });
    expect(within(dialog).getByText(/^Your pearl exchange request #14 /)).toBeInstanceOf(HTMLParagraphElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This pearl exchange request was already processed.');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/pearl-exchange-requests/14/cancel']);
  });
});
