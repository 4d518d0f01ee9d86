import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseDividends } from '@/features/dividends';
import { ReportTab } from '@/features/loans/report-tab';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';
import { awaitingAnswer } from '@/testing/proposal-fixtures';

const COUNTERS = {
  active_loans: 2,
  total_loan_value: 1_500_000,
  active_savings: 3,
  total_savings_value: 2_250_000,
  bad_payers: 1,
  solo_dividends: 17_500,
};

const ROWS = [
  { type: 'Saving', id: 5, player_id: 8, player_name: 'Borin', value: 250_000, interest_rate: 0.07, total_days: null, daily_rate: null, start_date: '2025-03-03', status: 'Active', created_at: '2025-03-03T09:00:00Z' },
  { type: 'Loan', id: 4, player_id: 9, player_name: 'Cyra', value: 100_000, interest_rate: 0.5, total_days: 10, daily_rate: 0.05, start_date: '2025-02-01', status: 'Paid-Off', created_at: '2025-02-01T09:00:00Z' },
];

function reportAnswer(rows: unknown[] = ROWS, extra: object = {}) {
  return { body: { counters: COUNTERS, rows, count: rows.length, page: 1, page_size: 50, ...extra } };
}

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
  it("shows the server's counters, the dividends and a table of every savings account and loan", async () => {
    const { calls } = mockFetch({
      'GET /api/admin/report': reportAnswer(),
      'GET /api/solo-dividends': { body: { dividends: 17_500 } },
    });
    renderWithProviders(<ReportTab />);
    expect((await screen.findByText(/ lent$/)).textContent).toBe('€1,500,000 lent');
    expect(screen.getByTestId('active-loans-count').textContent).toBe('2');
    expect(screen.getByTestId('active-savings-count').textContent).toBe('3');
    expect(screen.getByText(/ invested$/).textContent).toBe('€2,250,000 invested');
    expect(screen.getByTestId('bad-payers-count').textContent).toBe('1');
    expect(screen.getByTestId('bad-payers-count').nextElementSibling?.textContent).toBe('player who cannot get new products');
    const dividends = screen.getByTestId('dividends-tile');
    await waitFor(() => expect(within(dividends).getByTestId('dividends-value').textContent).toBe('€17,500'));
    expect(within(dividends).getByText(/Loan Interest/).textContent).toBe('35% Loan Interest from paid loans');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Savings #5', 'Borin', '€250,000', '7% a week', day('3 Mar 2025'), 'Active'],
      ['Loan #4', 'Cyra', '€100,000', '50% over 10 days · 5.00% a day', day('1 Feb 2025'), 'Paid-Off'],
    ]);
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 2 of 2 products');
    expect(calls.find((call) => call.url.startsWith('/api/admin/report'))?.url).toBe('/api/admin/report?page=1');
  });

  it('counts bad payers in the plural beyond one', async () => {
    mockFetch({
      'GET /api/admin/report': { body: { ...reportAnswer().body, counters: { ...COUNTERS, bad_payers: 2 } } },
      'GET /api/solo-dividends': { body: { dividends: 0 } },
    });
    renderWithProviders(<ReportTab />);
    await waitFor(() => expect(screen.getByTestId('bad-payers-count').textContent).toBe('2'));
    expect(screen.getByTestId('bad-payers-count').nextElementSibling?.textContent).toBe('players who cannot get new products');
  });

  it('filters by type on the server and loads the next page', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/report': (call) => {
        const params = new URL(call.url, 'http://x').searchParams;
        const page = Number(params.get('page'));
        const row = { ...ROWS[1], id: page === 1 ? 4 : 3 };
        return reportAnswer([row], { count: 2, page, page_size: 1 });
      },
      'GET /api/solo-dividends': { body: { dividends: 0 } },
    });
    renderWithProviders(<ReportTab />);
    await screen.findByTestId('report-loan-4');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'loan' } });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/admin/report?page=1&product_type=loan'));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findByTestId('report-loan-3')).textContent).toContain('Cyra');
    expect(calls.map((call) => call.url)).toContain('/api/admin/report?page=2&product_type=loan');
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'Paid-Off' } });
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/admin/report?page=1&product_type=loan&status=Paid-Off'));
  });

  it('edits the dividends, which must be a number', async () => {
    let dividends = 17_500;
    const { calls } = mockFetch({
      'GET /api/admin/report': reportAnswer([]),
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

  it('keeps the dividends edit open when the change waits for a second officer, the figure in force unchanged', async () => {
    mockFetch({
      'GET /api/admin/report': reportAnswer([]),
      'GET /api/solo-dividends': { body: { dividends: 17_500 } },
      'PUT /api/solo-dividends': awaitingAnswer(),
    });
    renderWithProviders(<ReportTab />);
    await screen.findByText('€17,500');
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByLabelText('New dividends amount'), { target: { value: '5000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Waits for a second officer: Approved by Lena the Lender; a second officer must approve',
    );
    expect(screen.getByLabelText<HTMLInputElement>('New dividends amount').value).toBe('5000000');
    expect(screen.getByTestId('dividends-value').textContent).toBe('€17,500');
  });

  it('resets the dividends to 0 after a confirmation, and reports a failure', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/report': reportAnswer([]),
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
