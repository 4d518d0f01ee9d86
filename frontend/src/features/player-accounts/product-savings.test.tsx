import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlayerProducts } from '@/features/player-accounts/player-products';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';
import { awaitingAnswer } from '@/testing/proposal-fixtures';

const SAVINGS = {
  id: 5,
  player_id: 7,
  principal: 200_000,
  invested_value: 214_000,
  interest_rate: 0.07,
  weekly_payment: 14_980,
  start_date: '2025-03-03',
  status: 'Active',
  next_payment_date: '2025-03-17',
  admin_notes: '',
  payments_count: 1,
  total_paid_out: 0,
  total_compounded: 14_000,
};

describe('View Products: savings', () => {
  it("shows each savings account and edits principal, weekly rate and notes inline", async () => {
    let savings = SAVINGS;
    const { calls } = mockFetch({
      'GET /api/players/7/products': () => ({ body: { loans: [], pending_loans: [], savings: [savings] } }),
      'GET /api/loans/limits': { body: { min_amount: 1, max_amount: 1_000_000_000, min_days: 1, max_days: 3650 } },
      'PUT /api/admin/savings/5/edit': (call) => {
        savings = { ...savings, invested_value: 300_000, interest_rate: 0.075, admin_notes: 'raised' };
        return { body: { ...savings, echo: call.body } };
      },
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-savings-5');
    expect(row.querySelector('.product-row__facts')?.textContent).toBe(
      `€214,000 at 7% a week (€14,980 a week) · first invested €200,000 · started ${day('3 Mar 2025')} · 1 week recorded · next due ${day('17 Mar 2025')}`,
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Edit savings #5' }));
    const form = screen.getByRole('form', { name: 'Edit savings #5' });
    expect(within(form).getByLabelText<HTMLInputElement>('Principal').value).toBe('214000');
    expect(within(form).getByLabelText<HTMLInputElement>('Interest rate (%)').value).toBe('7');
    fireEvent.change(within(form).getByLabelText('Interest rate (%)'), { target: { value: 'lots' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(within(form).getByRole('alert').textContent).toBe('Interest rate must be a number of percent a week, such as 7');
    fireEvent.change(within(form).getByLabelText('Principal'), { target: { value: '300k' } });
    fireEvent.change(within(form).getByLabelText('Interest rate (%)'), { target: { value: '7.5' } });
    fireEvent.change(within(form).getByLabelText('Admin notes'), { target: { value: 'raised' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(row).findByRole('status')).textContent).toBe('Savings updated successfully!');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ invested_value: '300k', interest_rate: 0.075, admin_notes: 'raised' });
    expect((await within(row).findByText(/^Notes:/)).textContent).toBe('Notes: raised');
  });

  it('keeps the edit open when the change waits for a second officer', async () => {
    mockFetch({
      'GET /api/players/7/products': { body: { loans: [], pending_loans: [], savings: [SAVINGS] } },
      'PUT /api/admin/savings/5/edit': awaitingAnswer(),
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit savings #5' }));
    const form = screen.getByRole('form', { name: 'Edit savings #5' });
    fireEvent.change(within(form).getByLabelText('Principal'), { target: { value: '5m' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Waits for a second officer: Approved by Lena the Lender; a second officer must approve',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Principal').value).toBe('5m');
    expect(screen.queryByText('Savings updated successfully!')).toBeNull();
  });

  it("shows the server's refusal, such as a client limit", async () => {
    mockFetch({
      'GET /api/players/7/products': { body: { loans: [], pending_loans: [], savings: [SAVINGS] } },
      'PUT /api/admin/savings/5/edit': { status: 400, body: { detail: 'New clients may hold at most €1,500,000 in savings', code: 'limit' } },
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit savings #5' }));
    fireEvent.change(screen.getByLabelText('Principal'), { target: { value: '5m' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error updating savings: New clients may hold at most €1,500,000 in savings');
  });

  it('sends the balance as typed and shows what the server could not read in it', async () => {
    const detail = 'Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m';
    const { calls } = mockFetch({
      'GET /api/players/7/products': { body: { loans: [], pending_loans: [], savings: [SAVINGS] } },
      'PUT /api/admin/savings/5/edit': { status: 400, body: { detail, code: 'invalid', fields: { invested_value: [detail] } } },
    });
    renderWithProviders(<PlayerProducts playerId={7} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit savings #5' }));
    fireEvent.change(screen.getByLabelText('Principal'), { target: { value: '1e6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error updating savings: ${detail}`);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ invested_value: '1e6', interest_rate: 0.07, admin_notes: '' });
  });

  it('offers no edit on a closed account', async () => {
    mockFetch({ 'GET /api/players/7/products': { body: { loans: [], pending_loans: [], savings: [{ ...SAVINGS, status: 'Withdrawn' }] } } });
    renderWithProviders(<PlayerProducts playerId={7} />);
    const row = await screen.findByTestId('product-savings-5');
    expect(within(row).getByText('Withdrawn').className).toBe('badge badge--error');
    expect(within(row).queryByRole('button', { name: 'Edit savings #5' })).toBeNull();
  });
});
