import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseDividends, ReportTab } from '@/features/admin/report-tab';
import { makeLoan } from '@/lib/loan-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const ALL = [
  { id: 4, player_id: 9, player_name: 'Cyra', value: 100_000, interest_rate: 0.5, total_to_pay: 150_000, total_days: 7, start_date: '2025-02-01', status: 'Paid-Off', paid_off: true },
  { id: 3, player_id: 8, player_name: 'Borin', value: 500_000, interest_rate: 0.35, total_to_pay: 675_000, total_days: 20, start_date: '2025-03-01', status: 'Active', paid_off: false },
];

const CHECKED = [
  { ...makeLoan({ id: 2 }), listing_status: 'upcoming', status_text: '' },
  { ...makeLoan({ id: 3, player_name: 'Borin', value: 500_000, remaining: 675_000 }), listing_status: 'upcoming', status_text: '' },
];

describe('parseDividends', () => {
  it('takes whole numbers of 0 or more', () => {
    expect(parseDividends('17500')).toBe(17_500);
    expect(parseDividends('1,500')).toBe(1_500);
    expect(parseDividends('0')).toBe(0);
    expect(parseDividends('-1')).toBeNull();
    expect(parseDividends('12.5')).toBeNull();
    expect(parseDividends('lots')).toBeNull();
    expect(parseDividends('')).toBeNull();
  });
});

describe('ReportTab', () => {
  it('counts the active loans, shows the dividends and a table of every loan', async () => {
    mockFetch({
      'GET /api/admin/loans/check': { body: { loans: CHECKED } },
      'GET /api/admin/loans': { body: { loans: ALL } },
      'GET /api/solo-dividends': { body: { dividends: 17_500 } },
    });
    renderWithProviders(<ReportTab />);
    expect((await screen.findByText(/ lent$/)).textContent).toBe('€1,500,000 lent');
    expect(screen.getByTestId('active-loans-count').textContent).toBe('2');
    const dividends = screen.getByTestId('dividends-tile');
    await waitFor(() => expect(within(dividends).getByTestId('dividends-value').textContent).toBe('€17,500'));
    expect(within(dividends).getByText(/Loan Interest/).textContent).toBe('35% Loan Interest from paid loans');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['#4', 'Cyra', 'Loan', '€100,000', '50%', '€150,000', '1 Feb 2025', 'Paid-Off'],
      ['#3', 'Borin', 'Loan', '€500,000', '35%', '€675,000', '1 Mar 2025', 'Active'],
    ]);
  });

  it('edits the dividends, which must be a number', async () => {
    let dividends = 17_500;
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': { body: { loans: [] } },
      'GET /api/admin/loans': { body: { loans: [] } },
      'GET /api/solo-dividends': () => ({ body: { dividends } }),
      'PUT /api/solo-dividends': (call) => {
        dividends = Number(new URL(call.url, 'http://x').searchParams.get('dividends'));
        return { body: { dividends } };
      },
    });
    renderWithProviders(<ReportTab />);
    await screen.findByText('€17,500');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const input = screen.getByLabelText('New dividends amount');
    expect((input as HTMLInputElement).value).toBe('17500');
    fireEvent.change(input, { target: { value: 'twenty' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Dividends must be a number');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: '20000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe('Solo dividends updated successfully');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/solo-dividends?dividends=20000');
    expect((await screen.findByTestId('dividends-value')).textContent).toBe('€20,000');
  });

  it('resets the dividends to 0 after a confirmation, and reports a failure', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/loans/check': { body: { loans: [] } },
      'GET /api/admin/loans': { body: { loans: [] } },
      'GET /api/solo-dividends': { body: { dividends: 17_500 } },
      'PUT /api/solo-dividends': { status: 403, body: { detail: 'Only bank admins can do this.', code: 'permission_denied' } },
    });
    renderWithProviders(<ReportTab />);
    await screen.findByText('€17,500');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Reset the solo dividends?' })).getByRole('button', { name: 'Reset to €0' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error resetting solo dividends: Only bank admins can do this.');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/solo-dividends?dividends=0');
  });
});
