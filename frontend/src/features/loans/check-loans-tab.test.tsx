import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckLoansTab } from '@/features/loans/check-loans-tab';
import { makeLoan, makeLoanLimits } from '@/testing/loan-fixtures';
import { awaitingAnswer } from '@/testing/proposal-fixtures';
import type { CheckedLoan } from '@/lib/loans';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';

const { payments_history: HISTORY, ...FIGURES } = makeLoan({ id: 2 });
// a Check Loans row: today's entry, not the history (that is read when History opens)
const LOAN: CheckedLoan = {
  ...FIGURES,
  today_entry: HISTORY[2] ?? null,
  listing_status: 'upcoming',
  status_text: 'Day 3 of 30: €43,333 due today',
};

const COUNTERS = { paid_today: 0, not_paid_today: 0, start_today: 4, period_over: 0, upcoming: 1, total_value: 1_000_000 };

function checkPage(loans: CheckedLoan[], page = 1, count = loans.length) {
  return { count, page, page_size: 50, counters: COUNTERS, loans };
}

describe('CheckLoansTab', () => {
  it('shows each active loan with its figures and listing status', async () => {
    mockFetch({ 'GET /api/admin/loans/check': { body: checkPage([LOAN]) } });
    renderWithProviders(<CheckLoansTab />);
    const card = await screen.findByTestId('check-loan-2');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Aria · Loan #2');
    expect(within(card).getByTestId('listing-status').textContent).toBe('Day 3 of 30: €43,333 due today');
    expect(within(card).getByRole('progressbar', { name: 'Loan #2 paid' }).getAttribute('aria-valuenow')).toBe('6.7');
    expect(
      ['Total to Pay', 'Daily Payment', 'Interest Rate', 'Loan Days', 'Current Day', 'Start Date'].map((label) =>
        definitionOf(card, label),
      ),
    ).toEqual(['€1,300,000', '€43,333', '30% over 30 days · 1.00% a day', '30', '3', day('1 Mar 2025')]);
    // the whole term and the daily rate each on a line of their own in the box, the rate its own row on a phone
    const rate = within(card).getByTestId('loan-rate');
    expect(Array.from(rate.children, (part) => [part.className, part.textContent])).toEqual([
      ['loan-rate__term', '30% over 30 days'],
      ['loan-rate__daily', ' · 1.00% a day'],
    ]);
    expect(rate.parentElement?.className).toBe('stat-box stat-box--wide');
  });

  it("marks today's payment and shows the answer", async () => {
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': { body: checkPage([LOAN]) },
      'POST /api/loans/2/payment': { body: { loan_id: 2, date: '2025-03-03', status: 'Paid', value: 43_333, replaced: null, credit_points: 5, detail: 'Loan payment marked as Paid' } },
    });
    renderWithProviders(<CheckLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Paid' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loan payment marked as Paid');
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/loans/2/payment?payment_status=Paid');
  });

  it("reports a payment failure as 'Error processing payment: ' and the detail", async () => {
    mockFetch({
      'GET /api/admin/loans/check': { body: checkPage([LOAN]) },
      'POST /api/loans/2/payment': { status: 409, body: { detail: 'This loan is already paid off.', code: 'already_paid_off' } },
    });
    renderWithProviders(<CheckLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Not Paid' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error processing payment: This loan is already paid off.');
  });

  it("offers the server's start-date window and days limits", async () => {
    mockFetch({
      'GET /api/admin/loans/check': { body: checkPage([LOAN]) },
      'GET /api/loans/limits': { body: makeLoanLimits({ start_date_min: '2025-01-01', start_date_max: '2026-12-31', max_days: 3650 }) },
    });
    renderWithProviders(<CheckLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Date' }));
    const date = screen.getByLabelText<HTMLInputElement>('New start date (YYYY-MM-DD)');
    await waitFor(() => expect([date.min, date.max]).toEqual(['2025-01-01', '2026-12-31']));
    expect(screen.getByText(/^From /).textContent).toBe(`From ${day('1 Jan 2025')} to ${day('31 Dec 2026')}`);
    fireEvent.click(screen.getByRole('button', { name: 'Change Days' }));
    const days = screen.getByLabelText<HTMLInputElement>('Loan days');
    expect([days.min, days.max]).toEqual(['1', '3650']);
  });

  it('changes the start date, refusing what is not YYYY-MM-DD', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': { body: checkPage([LOAN]) },
      'PUT /api/admin/loans/2/change-date': { body: makeLoan({ id: 2, start_date: '2025-03-10' }) },
    });
    renderWithProviders(<CheckLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Date' }));
    const input = screen.getByLabelText('New start date (YYYY-MM-DD)');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Date' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid date format. Please use YYYY-MM-DD');
    fireEvent.change(input, { target: { value: '2025-03-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Date' }));
    expect((await screen.findByRole('status')).textContent).toBe(`Start date changed to ${day('10 Mar 2025')}`);
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/loans/2/change-date?new_date=2025-03-10');
  });

  it('keeps the start-date form open when the move waits for a second officer, and says so', async () => {
    mockFetch({
      'GET /api/admin/loans/check': { body: checkPage([LOAN]) },
      'PUT /api/admin/loans/2/change-date': awaitingAnswer(),
    });
    renderWithProviders(<CheckLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Date' }));
    fireEvent.change(screen.getByLabelText('New start date (YYYY-MM-DD)'), { target: { value: '2025-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Date' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Waits for a second officer: Approved by Lena the Lender; a second officer must approve',
    );
    expect(screen.getByRole('form', { name: 'Change the start date of loan #2' })).toHaveProperty('tagName', 'FORM');
    expect(screen.getByLabelText<HTMLInputElement>('New start date (YYYY-MM-DD)').value).toBe('2025-02-01');
  });

  it('changes the days, which must be a number', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': { body: checkPage([LOAN]) },
      'PUT /api/admin/loans/2/change-days': { body: makeLoan({ id: 2, total_days: 40, daily_payment: 32_500 }) },
    });
    renderWithProviders(<CheckLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Change Days' }));
    fireEvent.change(screen.getByLabelText('Loan days'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Days' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Loan days must be a number');
    fireEvent.change(screen.getByLabelText('Loan days'), { target: { value: '40' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Days' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loan days changed to 40: €32,500 a day');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/loans/2/change-days?new_days=40');
  });

  it('reads the payment history when History opens, and shows the Auto Payments note', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': { body: checkPage([LOAN]) },
      'GET /api/loans/2': { body: makeLoan({ id: 2 }) },
    });
    renderWithProviders(<CheckLoansTab />);
    await screen.findByTestId('check-loan-2');
    expect(calls.some((call) => call.url === '/api/loans/2')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const history = screen.getByRole('region', { name: 'Payment history of loan #2' });
    const rows = await within(history).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([`${day('3 Mar 2025')}Not Paid€0`, `${day('2 Mar 2025')}Paid€43,333`, `${day('1 Mar 2025')}Paid€43,333`]);
    fireEvent.click(screen.getByRole('button', { name: 'Auto Payments' }));
    expect(screen.getByText(/Automatic payments are informational only/).textContent).toBe(
      'Automatic payments are informational only: nothing is marked for you. Mark each day Paid or Not Paid here; a day marked again replaces its earlier entry.',
    );
  });

  it("pays a loan off after a confirmation, with the server's solo gain", async () => {
    let loans = [{ ...LOAN, payoff_solo_gain: 104_999 }];
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': () => ({ body: checkPage(loans) }),
      'PUT /api/loans/2': () => {
        loans = [];
        return { body: { loan: makeLoan({ id: 2, status: 'Paid-Off', paid_off: true }), solo_gain: 105_000, detail: 'Loan paid off' } };
      },
    });
    renderWithProviders(<CheckLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Paid Off' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark loan #2 as paid off?' });
    expect(within(dialog).getByText(/^Aria's loan/).textContent).toBe(
      "Aria's loan of €1,000,000 is closed as Paid-Off, and €104,999 of its interest goes to the solo dividends.",
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mark Paid Off' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Mark Paid Off' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loan #2 of Aria marked as paid off. Solo dividends +€105,000');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ paid_off: true });
    expect((await screen.findByText('No active loans')).className).toBe('empty-state__title');
    expect(screen.queryByTestId('check-loan-2')).toBeNull();
  });

  it('shows the counters, filters on the server and loads the next page', async () => {
    const second: CheckedLoan = { ...LOAN, id: 3 };
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': (call) =>
        call.url.includes('page=2')
          ? { body: checkPage([second], 2, 2) }
          : { body: { ...checkPage([LOAN], 1, 2), page_size: 1 } },
    });
    renderWithProviders(<CheckLoansTab />);
    await screen.findByTestId('check-loan-2');
    const counters = screen.getByLabelText('Active loans today');
    expect(definitionOf(counters, 'Payment Due')).toBe('1');
    // loans starting today are a figure of their own, not a note under Payment Due
    expect(definitionOf(counters, 'Starting Today')).toBe('4');
    expect(counters.textContent).not.toContain('starting today');
    expect(screen.getByText('Showing 1 of 2 active loans').tagName).toBe('P');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByTestId('check-loan-3');
    expect(screen.getByText('Showing 2 of 2 active loans').tagName).toBe('P');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'period_over' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('listing_status=period_over'))).toBe(true));
  });
});
