import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddProductTab } from '@/features/player-accounts/add-product-tab';
import { makeCreditBenefits } from '@/testing/credit-fixtures';
import { makeLoan, makeLoanLimits, makeLoanQuote, makePendingLoan } from '@/testing/loan-fixtures';
import { makeSavings, makeSavingsQuote } from '@/testing/savings-fixtures';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';

const ARIA = {
  id: 7, name: 'Aria', discord: 'aria.guild', added_by: 'admin', bad_payer: false, client_type: 'new', has_solo_access: true,
  credit_score: 160, failed_attempts: 0, blocked_at: null, created_at: '2025-01-01T00:00:00Z', has_password: true,
};
const DAX = { ...ARIA, id: 9, name: 'Dax', discord: 'dax.guild', bad_payer: true, credit_score: 0 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Aria is Silver: 1m over 30 days at 29%. */
function quote(call: MockCall) {
  const params = new URL(call.url, 'http://bank.test').searchParams;
  const days = params.get('total_days');
  return {
    body: makeLoanQuote({
      player_id: Number(params.get('player_id')),
      value: 1_000_000,
      total_days: days ? Number(days) : null,
      base_rate: 0.3,
      interest_rate: 0.29,
      total_to_pay: 1_290_000,
      daily_payment: days ? Math.round(1_290_000 / Number(days)) : null,
    }),
  };
}
/** A 400 as the server words it: `code` and the field it names. */
function refusal(detail: string, code: string, field?: string) {
  return { status: 400, body: { detail, code, fields: field ? { [field]: [detail] } : {} } };
}
const SELECT_PLAYER = refusal('Please search and select a player first', 'missing_fields', 'player_id');
const ENTER_VALUE = refusal('Please enter a value', 'missing_fields', 'value');
const BAD_PAYER = refusal('Cannot create products for bad payers', 'bad_payer');
const ENTER_DAYS = refusal('Please enter loan duration in days', 'missing_fields', 'total_days');

/** POST /api/loans answering as the server does an incomplete form: player, value, bad payer, days. */
function addLoan(call: MockCall) {
  const sent = call.body as { player_id?: number; value?: string; total_days?: number };
  if (sent.player_id === undefined) return SELECT_PLAYER;
  if (!sent.value?.trim()) return ENTER_VALUE;
  if (sent.player_id === DAX.id) return BAD_PAYER;
  if (sent.total_days === undefined) return ENTER_DAYS;
  return { status: 201, body: makeLoan({ id: 12 }) };
}
const PRODUCTS = { savings: [], loans: [makeLoan({ id: 2, player_id: 7 })], pending_loans: [makePendingLoan({ id: 5, status: 'denied', admin_notes: 'Not now' })] };

function routes(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /api/search/players': { body: { players: [ARIA, DAX], count: 2, page: 1, page_size: 50 } },
    'GET /api/loans/quote': quote,
    'GET /api/loans/limits': { body: makeLoanLimits() },
    'GET /api/credit/benefits': { body: makeCreditBenefits() },
    'GET /api/players/7/products': { body: PRODUCTS },
    'GET /api/players/9/products': { body: { savings: [], loans: [], pending_loans: [] } },
    ...extra,
  });
}

async function searchAndSelect(name: string) {
  fireEvent.change(screen.getByLabelText('Search player by name or ID'), { target: { value: 'a' } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  fireEvent.click(await screen.findByRole('button', { name: `Select ${name}` }));
}

describe('AddProductTab', () => {
  it('reaches a player beyond the first page of matches with Load more', async () => {
    const { calls } = routes({
      'GET /api/search/players': (call) =>
        new URL(call.url, 'http://bank.test').searchParams.get('page') === '2'
          ? { body: { players: [ARIA], count: 2, page: 2, page_size: 1 } }
          : { body: { players: [DAX], count: 2, page: 1, page_size: 1 } },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    fireEvent.change(screen.getByLabelText('Search player by name or ID'), { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('button', { name: 'Select Dax' });
    screen.getByText('Showing 1 of 2 players');
    expect(screen.queryByRole('button', { name: 'Select Aria' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Select Aria' }));
    expect(screen.getByRole('button', { name: 'Select Aria' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    const pages = calls.filter((call) => call.url.includes('/search/players')).map((call) => new URL(call.url, 'http://bank.test').searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('asks for a search term, and says when nobody matches', async () => {
    routes({ 'GET /api/search/players': { body: { players: [], count: 0, page: 1, page_size: 50 } } });
    renderWithProviders(<AddProductTab adminName="admin" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a search term');
    fireEvent.change(screen.getByLabelText('Search player by name or ID'), { target: { value: 'zed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No players found matching: zed');
  });

  it("sends the form as it is and shows the server's words for what is missing, in the spec order: player, value, bad payer, days", async () => {
    const { calls } = routes({ 'POST /api/loans': addLoan });
    renderWithProviders(<AddProductTab adminName="admin" />);
    const add = screen.getByRole('button', { name: 'Add Product' });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe('Please search and select a player first');
    await searchAndSelect('Aria');
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a value');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '1m' } });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter loan duration in days');
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    expect(screen.queryByRole('alert')).toBeNull(); // the error spoke of what is no longer there
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '' } });
    await searchAndSelect('Dax');
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe('Cannot create products for bad payers');
    // nothing decided here: no player and no days are left out, the value goes as typed
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { value: '', user: 'admin' },
      { player_id: 7, value: '', user: 'admin' },
      { player_id: 7, value: '1m', user: 'admin' },
      { player_id: 9, value: '1m', user: 'admin' },
    ]);
  });

  it("shows what the server could not read in the amount typed, as a failed attempt", async () => {
    const detail = 'Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m';
    const { calls } = routes({ 'POST /api/loans': refusal(detail, 'invalid', 'value') });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '1,500,000' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect((await screen.findByText(/^Error creating loan: /)).textContent).toBe(`Error creating loan: ${detail}`);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ player_id: 7, value: '1,500,000', total_days: 30, user: 'admin' });
  });

  it('drops a message once another player is picked: it belongs to the attempt that made it', async () => {
    routes({
      'GET /api/savings/quote': { body: makeSavingsQuote({ invested_value: 500_000, weekly_payment: 37_500 }) },
      'POST /api/loans': addLoan,
      'POST /api/savings': { status: 201, body: makeSavings({ id: 21, invested_value: 500_000, interest_rate: 0.075 }) },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    const add = screen.getByRole('button', { name: 'Add Product' });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe('Please search and select a player first');
    await searchAndSelect('Aria');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'Saving' }));
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '500k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const created = 'Savings #21 created for Aria: €500,000 at 7.5% a week.';
    expect((await screen.findByText(created)).getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Select Dax' }));
    expect(screen.queryByText(created)).toBeNull();
  });

  it("opens savings for the selected player, showing the server's rate and limits, once", async () => {
    const { calls } = routes({
      'GET /api/savings/quote': (call: MockCall) => ({
        body: makeSavingsQuote({
          player_id: Number(new URL(call.url, 'http://bank.test').searchParams.get('player_id')),
          invested_value: 500_000,
          weekly_payment: 37_500,
        }),
      }),
      'POST /api/savings': { status: 201, body: makeSavings({ id: 21, invested_value: 500_000, interest_rate: 0.075 }) },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    fireEvent.click(screen.getByRole('radio', { name: 'Saving' }));
    await searchAndSelect('Aria');
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick values' })).getByRole('button', { name: '500k' }));
    expect((await screen.findByTestId('savings-quote-note')).textContent).toBe(
      '7.5% a week for Aria: €37,500 a week. As a new client: 1 of 3 accounts, €965,000 of €1,500,000 left.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect((await screen.findByRole('status')).textContent).toBe('Savings #21 created for Aria: €500,000 at 7.5% a week.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.url, call.body])).toEqual([['/api/savings', { player_id: 7, invested_value: '500k', user: 'admin' }]]);
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(UUID);
  });

  it("shows the server's client-limit refusal as it says it", async () => {
    const detail = 'New clients may hold at most €1,500,000 in savings (€965,000 left)';
    routes({
      'GET /api/savings/quote': { body: makeSavingsQuote({ invested_value: 2_000_000, weekly_payment: 150_000, allowed: false, reason: detail }) },
      'POST /api/savings': { status: 400, body: { detail, code: 'client_limit', fields: {} } },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    fireEvent.click(screen.getByRole('radio', { name: 'Saving' }));
    await searchAndSelect('Aria');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '2m' } });
    expect((await screen.findByTestId('savings-quote-reason')).textContent).toBe(detail);
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect((await screen.findByText(/^Error creating savings: /)).textContent).toBe(`Error creating savings: ${detail}`);
  });

  it("creates a loan for the selected player at the server's quote, once", async () => {
    const { calls } = routes({
      'POST /api/loans': { status: 201, body: makeLoan({ id: 12, value: 1_000_000, interest_rate: 0.29, total_days: 30 }) },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick values' })).getByRole('button', { name: '1m' }));
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    const note = await screen.findByTestId('quote-note');
    await waitFor(() => expect(note.textContent).toBe('29% for Aria: €1,290,000 to pay, €43,000 a day. The loan starts today.'));
    expect(calls.filter((call) => call.url.startsWith('/api/loans/quote')).at(-1)?.url).toBe(
      '/api/loans/quote?player_id=7&value=1m&total_days=30',
    );
    const add = screen.getByRole('button', { name: 'Add Product' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect((await screen.findByRole('status')).textContent).toBe('Loan #12 created for Aria: €1,000,000 at 29% over 30 days.');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[0]?.body).toEqual({ player_id: 7, value: '1m', total_days: 30, user: 'admin' });
    expect(posts[0]?.headers['Idempotency-Key']).toMatch(UUID);
    expect(new Set(posts.map((post) => post.headers['Idempotency-Key'])).size).toBe(1);
  });

  it('says plainly that a loan above the four-eyes threshold waits for a second officer (202), neither done nor failed', async () => {
    const proposal = makePendingLoan({ id: 31, value: 5_000_000, total_days: 30, status: 'pending' });
    routes({
      'POST /api/loans': {
        status: 202,
        body: {
          status: 'awaiting_second_approval',
          approvals: [{ officer: 'admin', at: '2026-06-01T10:00:00Z', notes: '' }],
          detail: 'Approved by admin; a second officer must approve',
          pending_loan: { ...proposal, approvals: [{ officer: 'admin', at: '2026-06-01T10:00:00Z', notes: '' }] },
        },
      },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick values' })).getByRole('button', { name: '5m' }));
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const notice = await screen.findByText(/^No loan yet/);
    expect(notice.getAttribute('role')).toBe('status');
    expect(notice.textContent).toBe(
      'No loan yet: €5,000,000 for Aria is above the four-eyes threshold, so it waits in Pending Loans as request #31. Approved by admin; a second officer must approve.',
    );
    expect(notice.className).toBe('alert alert--pending');
    expect(screen.queryByText(/created for Aria/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Value').value).toBe('');
  });

  it("says what the server could not read, and what the player's own request would meet", async () => {
    const detail = 'Loan duration must be a whole number of days from 1 to 3,650';
    routes({
      'GET /api/loans/quote': (call: MockCall) =>
        call.url.includes('total_days=0')
          ? { status: 400, body: { detail, code: 'invalid', fields: { total_days: [detail] } } }
          : { body: makeLoanQuote({ eligible: false, reason: 'You need at least 50 credit score points to apply for loans.' }) },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    fireEvent.change(screen.getByLabelText('Value'), { target: { value: '500k' } });
    expect((await screen.findByText(/own request would be refused/)).textContent).toBe(
      "Aria's own request would be refused: You need at least 50 credit score points to apply for loans.",
    );
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '0' } });
    expect((await screen.findByText(detail)).className).toContain('alert--error');
    expect(screen.queryByTestId('quote-note')).toBeNull();
  });

  it("shows the player's details and products, and edits a loan inline", async () => {
    const { calls } = routes({ 'PUT /api/admin/loans/2/edit': { body: makeLoan({ id: 2, interest_rate: 0.25 }) } });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    const details = (await screen.findByRole('heading', { name: "Aria's details and products" })).closest('article') as HTMLElement;
    expect(definitionOf(details, 'Discord')).toBe('aria.guild');
    expect(definitionOf(details, 'Standing')).toBe('Good standing');
    await waitFor(() => expect(definitionOf(details, 'Credit Score')).toBe('160 / 300'));
    const loans = await within(details).findByRole('list', { name: 'Loans' });
    expect(within(loans).getAllByRole('listitem').map((item) => item.querySelector('strong')?.textContent)).toEqual(['Loan #2']);
    const requests = within(details).getByRole('list', { name: 'Loan requests' });
    const [request] = within(requests).getAllByRole('listitem');
    expect(request?.querySelector('.badge')?.textContent).toBe('Denied');
    expect(request?.textContent).toContain('Admin notes: Not now');

    fireEvent.click(within(loans).getByRole('button', { name: 'Edit loan #2' }));
    const form = within(loans).getByRole('form', { name: 'Edit loan #2' });
    expect(within(form).getByLabelText<HTMLInputElement>('Interest rate (%)').value).toBe('30');
    await waitFor(() => expect(within(form).getByLabelText<HTMLInputElement>('Total days').max).toBe('3650'));
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Admin notes').maxLength).toBe(500);
    expect(within(form).getByText('Whole term, at most 500%').className).toBe('field__hint');
    fireEvent.change(within(form).getByLabelText('Interest rate (%)'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Interest rate must be a number of percent, such as 30');
    fireEvent.change(within(form).getByLabelText('Interest rate (%)'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Admin notes'), { target: { value: 'Friend of the guild' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(loans).findByRole('status')).textContent).toBe('Loan updated successfully!');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      value: '1000000', // the amount as shown, untouched: the server reads it
      interest_rate: 0.25,
      total_days: 30,
      admin_notes: 'Friend of the guild',
    });
  });

  it("reports an edit failure as 'Error updating loan: ' and the detail", async () => {
    routes({ 'PUT /api/admin/loans/2/edit': { status: 409, body: { detail: 'This loan is already paid off.', code: 'already_paid_off' } } });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit loan #2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error updating loan: This loan is already paid off.');
  });
});
