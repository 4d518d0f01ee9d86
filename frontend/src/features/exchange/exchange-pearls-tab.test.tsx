import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/features/players';
import { ExchangePearlsTab } from '@/features/exchange/exchange-pearls-tab';
import { makeExchangeQuote, makeExchangeRequest, makeExchangeSettings } from '@/testing/exchange-fixtures';
import { mockFetch, type MockAnswer, type MockCall } from '@/testing/fetch-mock';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const BANK_DATA = {
  player_id: 7,
  loans: [],
  savings: [
    { id: 31, invested_value: 200_000, status: 'Active' },
    { id: 30, invested_value: 0, status: 'Withdrawn' },
  ],
  pending_loans: [],
  solo_dividends: null,
};

function params(call: MockCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://bank.test').searchParams);
}

/**
 * The server's quote. Its figures are deliberately not pearls x rate (24,990 for 10 pearls): the
 * form must show what the server answers, never a product of its own.
 */
function quoteRoute(call: MockCall): MockAnswer {
  const { exchange_type: type = 'sell', pearls_amount: pearls } = params(call);
  const rate = type === 'sell' ? 2500 : 3500;
  if (pearls === undefined) return { body: makeExchangeQuote({ exchange_type: type as 'sell' | 'buy', exchange_rate: rate }) };
  if (!/^\d+$/.test(pearls)) {
    return { status: 400, body: { detail: 'Please enter a valid number of pearls', code: 'invalid', fields: { pearls_amount: ['x'] } } };
  }
  return {
    body: makeExchangeQuote({
      exchange_type: type as 'sell' | 'buy',
      pearls_amount: Number(pearls),
      exchange_rate: rate,
      bread_amount: Number(pearls) * rate - 10,
    }),
  };
}

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/me/bank-data': { body: BANK_DATA },
    'GET /api/admin/pearl-exchange-settings': { body: { settings: makeExchangeSettings() } },
    'GET /api/pearl-exchange/quote': quoteRoute,
    ...extra,
  });
}

const select = () => screen.getByRole<HTMLSelectElement>('combobox');
const optionTexts = () => within(select()).getAllByRole('option').map((option) => option.textContent);
const submitButton = (name: RegExp = /^Submit (Sell|Buy) Request$/) => screen.getByRole<HTMLButtonElement>('button', { name });
const preview = () => screen.getByRole('region', { name: 'Your exchange preview' });

async function typePearls(value: string) {
  fireEvent.change(screen.getByLabelText('Number of Pearls'), { target: { value } });
  await waitFor(() => expect(preview().getAttribute('aria-busy')).toBe('false'));
}

describe('ExchangePearlsTab', () => {
  it('sells by default: the current sell rate, the spec\'s destinations and a disabled submit', async () => {
    routes();
    renderWithProviders(<ExchangePearlsTab me={ME} />);
    await waitFor(() => expect(screen.getByTestId('current-rate').textContent).toBe('Pearls to bread. Current sell rate: €2,500 per pearl'));
    expect(screen.getByLabelText('Where should the money go?').tagName).toBe('SELECT');
    expect(optionTexts()).toEqual([
      'Choose where the money goes',
      'Cash Out',
      'Create New Savings Account',
      'Add to Savings Account #31 (€200,000)',
    ]);
    expect(submitButton().disabled).toBe(true);
    expect(definitionOf(preview(), 'You Will Receive')).toBe('€0');
    expect(screen.getByText(/reviews every exchange request/).textContent).toBe(
      'An administrator reviews every exchange request before anything moves.',
    );
    expect(screen.getByText(/Rates may change/).textContent).toBe('Rates may change: a request keeps the rate it was submitted at.');
    expect(screen.getByText(/Discord/).textContent).toBe('You will be contacted on Discord when your request is processed.');
  });

  it("shows the server's amount and calculation line for what is typed", async () => {
    const { calls } = routes();
    renderWithProviders(<ExchangePearlsTab me={ME} />);
    await screen.findByTestId('current-rate');
    await typePearls('10');
    await waitFor(() => expect(definitionOf(preview(), 'You Will Receive')).toBe('€24,990'));
    expect(screen.getByTestId('exchange-calculation').textContent).toBe('10 pearls × €2,500 = €24,990');
    const asked = calls.filter((call) => call.url.startsWith('/api/pearl-exchange/quote')).map(params);
    expect(asked.at(-1)).toEqual({ exchange_type: 'sell', pearls_amount: '10' });
    // a destination is still missing
    expect(submitButton().disabled).toBe(true);
    fireEvent.change(select(), { target: { value: 'cashout' } });
    expect(submitButton().disabled).toBe(false);
  });

  it("shows the server's reason when the pearls cannot be read", async () => {
    routes();
    renderWithProviders(<ExchangePearlsTab me={ME} />);
    await screen.findByTestId('current-rate');
    await typePearls('1.5');
    expect((await within(preview()).findByText('Please enter a valid number of pearls')).className).toContain('alert--error');
    expect(definitionOf(preview(), 'You Will Receive')).toBe('—');
  });

  it('switching to Buy resets the form and asks which savings to deduct from', async () => {
    routes();
    renderWithProviders(<ExchangePearlsTab me={ME} />);
    await screen.findByTestId('current-rate');
    await typePearls('10');
    fireEvent.change(select(), { target: { value: 'new_savings' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Buy Pearls' }));
    expect(screen.getByLabelText<HTMLInputElement>('Number of Pearls').value).toBe('');
    expect(screen.getByLabelText('Select Savings Account to Deduct From').tagName).toBe('SELECT');
    expect(optionTexts()).toEqual(['Choose a savings account', 'Savings Account #31 (€200,000 available)']);
    expect(select().value).toBe('');
    expect(screen.getByTestId('current-rate').textContent).toBe(
      'Bread to pearls. Current buy rate: €3,500 per pearl. Deducts from your savings',
    );
    await waitFor(() => expect(definitionOf(preview(), 'You Will Pay')).toBe('€0'));
    expect(submitButton(/^Submit Buy Request$/).disabled).toBe(true);
  });

  it('files a sale into a new savings account once, with an Idempotency-Key, and says so', async () => {
    const { calls } = routes({
      'POST /api/pearl-exchange-requests': { status: 201, body: makeExchangeRequest() },
    });
    renderWithProviders(<ExchangePearlsTab me={ME} />);
    await screen.findByTestId('current-rate');
    await typePearls('10');
    fireEvent.change(select(), { target: { value: 'new_savings' } });
    fireEvent.click(submitButton(/^Submit Sell Request$/));
    const sent = await screen.findByText(/^Pearl sell request submitted/);
    expect(sent.textContent).toBe('Pearl sell request submitted successfully! You will be contacted when it is processed.');
    expect(sent.getAttribute('role')).toBe('status');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ player_id: 7, exchange_type: 'sell', pearls_amount: '10', savings_option: 'new_savings' });
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(UUID);
    expect(screen.getByLabelText<HTMLInputElement>('Number of Pearls').value).toBe('');
    expect(select().value).toBe('');
  });

  it("shows a validation refusal as the server's own text", async () => {
    routes({
      'POST /api/pearl-exchange-requests': {
        status: 400,
        body: {
          detail: 'Please select a savings account to deduct funds from',
          code: 'invalid',
          fields: { savings_option: ['Please select a savings account to deduct funds from'] },
        },
      },
    });
    renderWithProviders(<ExchangePearlsTab me={ME} />);
    await screen.findByTestId('current-rate');
    fireEvent.click(screen.getByRole('radio', { name: 'Buy Pearls' }));
    await typePearls('3');
    fireEvent.change(select(), { target: { value: '31' } });
    fireEvent.click(submitButton(/^Submit Buy Request$/));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a savings account to deduct funds from');
  });

  it("prefixes any other failure with 'Failed to submit pearl exchange request: '", async () => {
    routes({
      'POST /api/pearl-exchange-requests': {
        status: 400,
        body: { detail: 'Savings Account #31 holds €200,000: not enough for €350,000', code: 'not_covered', fields: {} },
      },
    });
    renderWithProviders(<ExchangePearlsTab me={ME} />);
    await screen.findByTestId('current-rate');
    fireEvent.click(screen.getByRole('radio', { name: 'Buy Pearls' }));
    await typePearls('100');
    fireEvent.change(select(), { target: { value: '31' } });
    fireEvent.click(submitButton(/^Submit Buy Request$/));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to submit pearl exchange request: Savings Account #31 holds €200,000: not enough for €350,000',
    );
  });

  it('shows new rates once an exchange_settings notice arrives', async () => {
    let sellRate = 2500;
    routes({ 'GET /api/admin/pearl-exchange-settings': () => ({ body: { settings: makeExchangeSettings({ sell_rate: sellRate }) } }) });
    const { queryClient } = renderWithProviders(<ExchangePearlsTab me={ME} />);
    await waitFor(() => expect(screen.getByTestId('current-rate').textContent).toBe('Pearls to bread. Current sell rate: €2,500 per pearl'));
    sellRate = 2700;
    // what lib/live.ts does for a notice naming exchange_settings
    await act(() => queryClient.invalidateQueries({ queryKey: ['exchange_settings'] }));
    await waitFor(() =>
      expect(screen.getByTestId('current-rate').textContent).toBe('Pearls to bread. Current sell rate: €2,700 per pearl'),
    );
    expect(screen.getByTestId('sell-rate').textContent).toBe('€2,700 per pearl');
  });
});
