import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AddProductTab } from '@/features/admin/add-product-tab';
import { makeLoan, makePendingLoan } from '@/lib/loan-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const ARIA = {
  id: 7, name: 'Aria', discord: 'aria.guild', added_by: 'admin', bad_payer: false, client_type: 'new', has_solo_access: true,
  credit_score: 160, failed_attempts: 0, blocked_at: null, created_at: '2025-01-01T00:00:00Z', has_password: true,
};
const DAX = { ...ARIA, id: 9, name: 'Dax', discord: 'dax.guild', bad_payer: true, credit_score: 0 };
const ELIGIBILITY = { is_eligible: true, max_loan_amount: 5_000_000, required_credit_score: 50, current_credit_score: 160, rate_discount: 1, tier: 'Silver', reason: '', deficit: 0 };
const PRODUCTS = { savings: [], loans: [makeLoan({ id: 2, player_id: 7 })], pending_loans: [makePendingLoan({ id: 5, status: 'denied', admin_notes: 'Not now' })] };

function routes(extra: Record<string, Parameters<typeof mockFetch>[0][string]> = {}) {
  return mockFetch({
    'GET /api/search/players': { body: { players: [ARIA, DAX] } },
    'GET /api/loans/eligibility/7': { body: ELIGIBILITY },
    'GET /api/loans/eligibility/9': { body: { ...ELIGIBILITY, is_eligible: false, rate_discount: 0 } },
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
  it('asks for a search term, and says when nobody matches', async () => {
    routes({ 'GET /api/search/players': { body: { players: [] } } });
    renderWithProviders(<AddProductTab adminName="admin" />);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a search term');
    fireEvent.change(screen.getByLabelText('Search player by name or ID'), { target: { value: 'zed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No players found matching: zed');
  });

  it('checks the form in the spec order: player, value, bad payer, days', async () => {
    const { calls } = routes();
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
    await searchAndSelect('Dax');
    fireEvent.click(add);
    expect((await screen.findAllByText('Cannot create products for bad payers')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('offers savings as not available yet', () => {
    routes();
    renderWithProviders(<AddProductTab adminName="admin" />);
    fireEvent.click(screen.getByRole('radio', { name: 'Saving' }));
    expect(screen.getByText('Savings are not available yet')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Add Product' }).disabled).toBe(true);
  });

  it("creates a loan for the selected player at the player's rate", async () => {
    const { calls } = routes({
      'POST /api/loans': { status: 201, body: makeLoan({ id: 12, value: 1_000_000, interest_rate: 0.29, total_days: 30 }) },
    });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick values' })).getByRole('button', { name: '1m' }));
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    expect(await screen.findByText(/29% for Aria: €1,290,000 to pay, €43,000 a day/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect((await screen.findByRole('status')).textContent).toBe('Loan #12 created for Aria: €1,000,000 at 29% over 30 days.');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ player_id: 7, value: 1_000_000, total_days: 30, user: 'admin' });
  });

  it("shows the player's details and products, and edits a loan inline", async () => {
    const { calls } = routes({ 'PUT /api/admin/loans/2/edit': { body: makeLoan({ id: 2, interest_rate: 0.25 }) } });
    renderWithProviders(<AddProductTab adminName="admin" />);
    await searchAndSelect('Aria');
    const details = (await screen.findByRole('heading', { name: "Aria's details and products" })).closest('article') as HTMLElement;
    expect(within(details).getByText('aria.guild')).toBeTruthy();
    expect(within(details).getByText('Good standing')).toBeTruthy();
    const loans = await within(details).findByRole('list', { name: 'Loans' });
    expect(within(loans).getByText('Loan #2')).toBeTruthy();
    const requests = within(details).getByRole('list', { name: 'Loan requests' });
    expect(within(requests).getByText('Denied')).toBeTruthy();
    expect(within(requests).getByText('Admin notes: Not now')).toBeTruthy();

    fireEvent.click(within(loans).getByRole('button', { name: 'Edit loan #2' }));
    const form = within(loans).getByRole('form', { name: 'Edit loan #2' });
    expect(within(form).getByLabelText<HTMLInputElement>('Interest rate (%)').value).toBe('30');
    fireEvent.change(within(form).getByLabelText('Interest rate (%)'), { target: { value: 'abc' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Interest rate must be a number of percent, such as 30');
    fireEvent.change(within(form).getByLabelText('Interest rate (%)'), { target: { value: '25' } });
    fireEvent.change(within(form).getByLabelText('Admin notes'), { target: { value: 'Friend of the guild' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect((await within(loans).findByRole('status')).textContent).toBe('Loan updated successfully!');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      value: 1_000_000,
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
