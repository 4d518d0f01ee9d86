import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/features/players';
import { RequestLoanTab } from '@/features/loan-requests/request-loan-tab';
import { makeBlankLoanQuote, makeLoanLimits, makeLoanQuote, makePendingLoan } from '@/testing/loan-fixtures';
import type { LoanQuote } from '@/lib/loans';
import { mockFetch, type MockAnswer, type MockCall } from '@/testing/fetch-mock';
import { definitionOf, definitionsOf } from '@/testing/queries';
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

function query(call: MockCall): URLSearchParams {
  return new URL(call.url, 'http://bank.test').searchParams;
}

/** The quote route: the blank quote when nothing is typed, else `priced(value, days)`. */
function quoteRoute(priced: (value: string, days: string | null) => MockAnswer = () => ({ body: makeLoanQuote() })) {
  return (call: MockCall): MockAnswer => {
    const params = query(call);
    const value = params.get('value');
    return value === null ? { body: makeBlankLoanQuote() } : priced(value, params.get('total_days'));
  };
}

const SILVER_500K = (days: string | null): LoanQuote =>
  days === null
    ? makeLoanQuote({ total_days: null, daily_payment: null })
    : makeLoanQuote({ total_days: Number(days), daily_payment: Math.round(670_000 / Number(days)) });

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/loans/quote': quoteRoute((_value, days) => ({ body: SILVER_500K(days) })),
    'GET /api/loans/limits': { body: makeLoanLimits() },
    ...extra,
  });
}

function quoteCalls(calls: MockCall[]) {
  return calls.filter((call) => call.url.startsWith('/api/loans/quote')).map((call) => Object.fromEntries(query(call)));
}

function preview() {
  return screen.getByRole('region', { name: 'Your loan preview' });
}

async function fillRequest(amount: string, days: string) {
  fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: days } });
  // the server's price for exactly this shows before the player sends it
  await waitFor(() => expect(definitionsOf(preview(), 'Daily Payment')[1]).toBe(`for ${days} days`));
}

describe('RequestLoanTab', () => {
  it('asks for the amount and the days before sending anything', async () => {
    const { calls } = routes();
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '500k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('clears that error once the player types again', async () => {
    routes();
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '10' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's rate table and the player's tier terms", async () => {
    routes();
    renderWithProviders(<RequestLoanTab me={ME} />);
    const table = await screen.findByRole('table', { name: 'Base interest for the whole loan' });
    expect(within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Exactly €100,000', '50%'],
      ['Exactly €500,000', '35%'],
      ['Any other amount', '30%'],
    ]);
    expect(screen.getByTestId('tier-terms').textContent).toBe('Silver tier: 1% off these rates, loans up to €5,000,000.');
    expect(within(preview()).getByText(/^Type an amount to see/).textContent).toBe(
      'Type an amount to see your interest rate, the total to pay and the daily payment.',
    );
  });

  it("previews the server's quote once typing pauses, asking once for what was typed", async () => {
    const { calls } = routes();
    renderWithProviders(<RequestLoanTab me={ME} />);
    const amount = screen.getByLabelText('Loan Amount');
    for (const typed of ['5', '50', '500', '500k']) fireEvent.change(amount, { target: { value: typed } });
    expect((await within(preview()).findByTestId('preview-rate')).textContent).toBe('34%');
    expect(within(preview()).getByText(/^Base rate/).textContent).toBe(
      'Base rate 35% for €500,000, minus your Silver tier discount of 1%.',
    );
    expect(definitionOf(preview(), 'Total to Pay')).toBe('€670,000');
    expect(definitionsOf(preview(), 'Daily Payment')).toEqual(['—', 'Enter the duration']);
    expect(quoteCalls(calls).filter((params) => 'value' in params)).toEqual([{ value: '500k' }]);

    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '10' } });
    await waitFor(() => expect(definitionsOf(preview(), 'Daily Payment')).toEqual(['€67,000', 'for 10 days']));
    expect(quoteCalls(calls).at(-1)).toEqual({ value: '500k', total_days: '10' });
  });

  it('keeps showing the last answer, dimmed, while the next one loads', async () => {
    routes({
      'GET /api/loans/quote': quoteRoute((value) => (value === '500k' ? { body: makeLoanQuote() } : 'hang')),
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '500k' } });
    expect((await within(preview()).findByTestId('preview-rate')).textContent).toBe('34%');
    expect(preview().getAttribute('aria-busy')).toBe('false');
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '2m' } });
    expect(preview().getAttribute('aria-busy')).toBe('true');
    expect(within(preview()).getByTestId('preview-rate').textContent).toBe('34%');
    expect(definitionOf(preview(), 'Loan Amount')).toBe('€500,000');
  });

  it("shows the server's reason when the player could not get this loan", async () => {
    routes({
      'GET /api/loans/quote': quoteRoute(() => ({
        body: makeLoanQuote({
          value: 6_000_000,
          base_rate: 0.3,
          interest_rate: 0.29,
          total_to_pay: 7_740_000,
          eligible: false,
          reason: 'The maximum loan amount for your tier is €5,000,000',
        }),
      })),
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '6m' } });
    expect((await within(preview()).findByTestId('quote-reason')).textContent).toBe(
      'The maximum loan amount for your tier is €5,000,000',
    );
    expect(within(preview()).getByTestId('preview-rate').textContent).toBe('29%');
  });

  it('says what the server could not read in what was typed', async () => {
    const detail = 'Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m';
    routes({
      'GET /api/loans/quote': quoteRoute((value) =>
        value === 'lots' ? { status: 400, body: { detail, code: 'invalid', fields: { value: [detail] } } } : { body: makeLoanQuote() },
      ),
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: 'lots' } });
    expect((await within(preview()).findByText(/^Please enter a valid amount/)).textContent).toBe(detail);
    expect(within(preview()).queryByTestId('preview-rate')).toBeNull();
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '500k' } });
    expect((await within(preview()).findByTestId('preview-rate')).textContent).toBe('34%');
    expect(within(preview()).queryByText(detail)).toBeNull();
  });

  it('takes the days and reason limits from the server', async () => {
    routes({ 'GET /api/loans/limits': { body: makeLoanLimits({ max_days: 365, notes_max_length: 200 }) } });
    renderWithProviders(<RequestLoanTab me={ME} />);
    const days = screen.getByLabelText<HTMLInputElement>('Loan Duration (Days)');
    await waitFor(() => expect(days.max).toBe('365'));
    expect(days.min).toBe('1');
    expect(screen.getByLabelText<HTMLTextAreaElement>('Reason (optional)').maxLength).toBe(200);
  });

  it('sends the request with an idempotency key and says so, then clears the form', async () => {
    const { calls } = routes({ 'POST /api/pending-loans': { status: 201, body: makePendingLoan() } });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '500k' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: '  New gear  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    const success = await screen.findByText('Loan request submitted successfully! Please wait for admin approval.');
    expect(success.getAttribute('role')).toBe('status');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/pending-loans');
    // the amount as typed: the server reads the shortcut
    expect(post?.body).toEqual({ player_id: 7, value: '500k', total_days: 14, request_reason: 'New gear', user: 'Aria' });
    expect(post?.headers['Idempotency-Key']).toMatch(UUID);
    expect(screen.getByLabelText<HTMLInputElement>('Loan Amount').value).toBe('');
  });

  it('sends one key for a double click', async () => {
    const { calls } = routes({ 'POST /api/pending-loans': { status: 201, body: makePendingLoan() } });
    renderWithProviders(<RequestLoanTab me={ME} />);
    await fillRequest('500k', '14');
    const submit = screen.getByRole('button', { name: 'Submit Loan Request' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await screen.findByRole('status');
    const keys = calls.filter((call) => call.method === 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(1);
  });

  it('reuses the key when the player retries after a lost answer, and takes a new one after success', async () => {
    let attempts = 0;
    const { calls } = routes({
      'POST /api/pending-loans': () => {
        attempts += 1;
        return attempts === 1 ? 'network-error' : { status: 201, body: makePendingLoan() };
      },
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    await fillRequest('500k', '14');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error submitting loan request: /);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    await screen.findByRole('status');
    await fillRequest('500k', '14');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const [lost, retry, next] = calls.filter((call) => call.method === 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(retry).toBe(lost);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(lost);
  });

  it("shows the server's refusal after 'Error submitting loan request: '", async () => {
    routes({
      'POST /api/pending-loans': {
        status: 400,
        body: { detail: 'The maximum loan amount for your tier is €5,000,000', code: 'over_max_amount', fields: {} },
      },
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '10m' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    const alert = await screen.findByText(/^Error submitting loan request: /);
    expect(alert.textContent).toBe('Error submitting loan request: The maximum loan amount for your tier is €5,000,000');
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('sends an amount it cannot read as typed, so the server can say what is wrong', async () => {
    const { calls } = routes({
      'POST /api/pending-loans': { status: 400, body: { detail: 'Please enter a valid amount', code: 'invalid' } },
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: 'lots' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error submitting loan request: Please enter a valid amount');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ value: 'lots', total_days: 30 });
  });

  it('says so when the account has no player profile, and asks for no quote', async () => {
    const { calls } = routes();
    renderWithProviders(<RequestLoanTab me={{ ...ME, player: null }} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '1m' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Player profile not found. Please contact admin to create your player profile first.',
    );
    expect(quoteCalls(calls)).toEqual([]);
  });
});
