import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerProducts } from '@/features/player-accounts/player-products';
import { makeLoan, makeLoanLimits, makePlayerLoan } from '@/testing/loan-fixtures';
import { makeSavings } from '@/testing/savings-fixtures';
import { awaitingAnswer } from '@/testing/proposal-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const PAID_OFF = makePlayerLoan({ id: 1, status: 'Paid-Off', paid_off: true, listing_status: null, status_text: 'Paid-Off' });
const PRODUCTS = { loans: [makePlayerLoan(), PAID_OFF], pending_loans: [], savings: [makeSavings()] };

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/players/7/products': { body: PRODUCTS },
    'GET /api/loans/limits': { body: makeLoanLimits() },
    ...extra,
  });
}

describe("View Products: a player's card as a teller's desk", () => {
  it("marks today's day of an active loan, as Check Loans does", async () => {
    const { calls } = routes({
      'POST /api/loans/2/payment': { body: { loan_id: 2, status: 'Paid', value: 43_333, detail: 'Loan payment marked as Paid' } },
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-loan-2');
    expect(within(row).getByTestId('listing-status').textContent).toBe('Day 3 of 30: €43,333 due today');
    fireEvent.click(within(within(row).getByRole('group', { name: 'Payments of loan #2' })).getByRole('button', { name: 'Mark Paid' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Loan payment marked as Paid');
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/loans/2/payment?payment_status=Paid');
  });

  it('pays a loan off only after the confirmation Check Loans shows', async () => {
    const { calls } = routes({ 'PUT /api/loans/2': { body: { solo_gain: 105_000, detail: 'Loan paid off' } } });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-loan-2');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark Paid Off' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark loan #2 as paid off?' });
    expect(dialog.textContent).toContain('€105,000 of its interest goes to the solo dividends');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Paid Off' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Loan #2 of Aria marked as paid off. Solo dividends +€105,000');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ paid_off: true });
  });

  it('keeps the pay-off dialog open when the pay-off waits for a second officer, saying so in the server\'s words', async () => {
    routes({ 'PUT /api/loans/2': awaitingAnswer() });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-loan-2');
    fireEvent.click(within(row).getByRole('button', { name: 'Mark Paid Off' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark loan #2 as paid off?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Paid Off' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Waits for a second officer: Approved by Lena the Lender; a second officer must approve',
    );
    expect(within(dialog).getByRole('button', { name: 'Mark Paid Off' })).toHaveProperty('disabled', true);
    expect(within(row).queryByText(/marked as paid off/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says a day marked above the threshold waits for a second officer instead of calling it done', async () => {
    routes({ 'POST /api/loans/2/payment': awaitingAnswer('Ada') });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-loan-2');
    fireEvent.click(within(within(row).getByRole('group', { name: 'Payments of loan #2' })).getByRole('button', { name: 'Mark Not Paid' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Waits for a second officer: Approved by Ada; a second officer must approve');
  });

  it('writes a loan off only with a reason, after a confirmation naming what the server says is left to pay', async () => {
    const { calls } = routes({
      'POST /api/admin/loans/2/write-off': { body: makeLoan({ status: 'Written-Off', written_off: 1_213_334, remaining: 0 }) },
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-loan-2');
    fireEvent.click(within(row).getByRole('button', { name: 'Write Off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #2?' });
    expect(within(dialog).getByTestId('write-off-amount').textContent).toBe('€1,213,334');
    expect(dialog.textContent).toContain("Aria's loan of €1,000,000");
    const confirm = within(dialog).getByRole('button', { name: 'Write Off' });
    expect(confirm).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Reason for the write-off'), { target: { value: 'Left the guild' } });
    fireEvent.click(confirm);
    expect((await within(row).findByRole('status')).textContent).toBe('Loan #2 of Aria written off: €1,213,334 forgiven');
    expect(screen.queryByRole('dialog')).toBeNull();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({ reason: 'Left the guild' });
    expect(post?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the write-off dialog open with the server's words when it waits for a second officer or is refused", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { detail: 'Nothing is left to pay on this loan', code: 'nothing_to_write_off' },
    };
    routes({ 'POST /api/admin/loans/2/write-off': () => answer });
    renderWithProviders(<PlayerProducts playerId={7} />);
    fireEvent.click(within(await screen.findByTestId('product-loan-2')).getByRole('button', { name: 'Write Off' }));
    const dialog = screen.getByRole('dialog', { name: 'Write off loan #2?' });
    fireEvent.change(within(dialog).getByLabelText('Reason for the write-off'), { target: { value: 'Left the guild' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write Off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Error writing off loan: Nothing is left to pay on this loan');
    answer = awaitingAnswer('Ada');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write Off' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Waits for a second officer: Approved by Ada; a second officer must approve',
    );
    expect(within(dialog).getByRole('button', { name: 'Write Off' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("edits a loan's amount as typed, and shows what the server could not read", async () => {
    const detail = 'Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m';
    const { calls } = routes({
      'PUT /api/admin/loans/2/edit': (call) =>
        (call.body as { value: string }).value === '2.5m'
          ? { body: makeLoan({ id: 2, value: 2_500_000 }) }
          : { status: 400, body: { detail, code: 'invalid', fields: { value: [detail] } } },
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-loan-2');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit loan #2' }));
    const form = within(row).getByRole('form', { name: 'Edit loan #2' });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '2,5m' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(`Error updating loan: ${detail}`);
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '2.5m' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Loan updated successfully!');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => (call.body as { value: string }).value)).toEqual(['2,5m', '2.5m']);
  });

  it('offers no payments on a closed loan', async () => {
    routes();
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-loan-1');
    expect(within(row).queryByRole('group')).toBeNull();
    expect(within(row).queryByTestId('listing-status')).toBeNull();
  });

  it('marks the week due of a savings account and offers to change the latest one', async () => {
    const { calls } = routes({
      'POST /api/savings/3/payment': { body: { detail: 'Savings payment processed as Paid. Solo gained €0', solo_gain: 0, reverted: false } },
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-savings-3');
    expect(within(row).getByTestId('listing-status').textContent).toBe('Week 2 overdue since 15 Mar 2025');
    fireEvent.click(within(within(row).getByRole('group', { name: 'Payments of savings #3' })).getByRole('button', { name: 'Mark Paid' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Savings payment processed as Paid. Solo gained €0');
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/savings/3/payment?payment_status=Paid');
    expect(within(row).getByRole('group', { name: 'Latest recorded week of savings #3' }).textContent).toContain('Change to Paid');
  });
});
