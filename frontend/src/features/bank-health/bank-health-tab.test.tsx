import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BankHealthTab } from '@/features/bank-health/bank-health-tab';
import { invalidateKinds } from '@/lib/live';
import { mockFetch } from '@/testing/fetch-mock';
import { arrearsPageOf, bankHealthOf } from '@/testing/health-fixtures';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';

// jsdom has no canvas: the chart is a stand-in that shows the summary Bank Health gives it.
vi.mock('@/features/bank-health/health-chart', () => ({
  HealthChart: ({ summary }: { summary: string }) => <canvas role="img" aria-label={summary} />,
}));

function routes(health = bankHealthOf()) {
  return mockFetch({
    'GET /api/admin/bank-health': { body: health },
    'GET /api/admin/arrears': { body: arrearsPageOf([]) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('Admin BankHealthTab', () => {
  it("shows each chart's figures on the last day with the server's change over the range", async () => {
    routes();
    renderWithProviders(<BankHealthTab />);
    const held = await screen.findByTestId('health-chart-held');
    const figures = within(held).getAllByRole('definition').map((node) => node.textContent);
    expect(figures).toEqual(['€1,500,000 +€500,000', '€700,000 -€100,000', '€0 no change']);
    const players = screen.getByTestId('health-chart-players');
    expect(within(players).getAllByRole('definition')[0]?.textContent).toBe('12 +2');
    expect(screen.getByText(/2 days with figures/).textContent).toBe(`2 days with figures between ${day('30 Oct 2026')} and ${day('28 Nov 2026')} · portfolio at risk on the last day 12.50%`);
  });

  it('gives every chart a text summary for screen readers', async () => {
    routes();
    renderWithProviders(<BankHealthTab />);
    const chart = await within(await screen.findByTestId('health-chart-arrears')).findByRole('img');
    expect(chart.getAttribute('aria-label')).toBe(
      `Arrears from ${day('30 Oct 2026')} to ${day('28 Nov 2026')}, on the last day and its change over the range: ` +
        'In arrears €3,000 (+€3,000); Outstanding of loans in arrears €0 (no change).',
    );
    expect(screen.getAllByRole('img')).toHaveLength(7);
  });

  it('asks the server for the range chosen: the last 90 or 365 days, or from one day to another', async () => {
    const { calls } = routes();
    renderWithProviders(<BankHealthTab />);
    await screen.findByTestId('health-chart-held');
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/admin/bank-health?days=90'));
    expect(screen.getByRole('button', { name: 'Last 90 days' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show range' }));
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/admin/bank-health?from=2026-01-01&to=2026-03-31'));
    expect(calls.filter((call) => call.url.startsWith('/api/admin/bank-health')).map((call) => call.url)[0]).toBe('/api/admin/bank-health?days=30');
  });

  it("shows the server's detail when it refuses a range", async () => {
    mockFetch({
      'GET /api/admin/bank-health': { status: 400, body: { detail: 'A range covers at most 3,660 days', code: 'invalid', fields: {} } },
      'GET /api/admin/arrears': { body: arrearsPageOf([]) },
    });
    renderWithProviders(<BankHealthTab />);
    expect((await screen.findByText(/Error loading the daily figures/)).textContent).toBe(
      'Error loading the daily figures: A range covers at most 3,660 days',
    );
  });

  it('says when the range has no figures yet', async () => {
    routes(bankHealthOf({ rows: [], latest: null, change: null, portfolio_at_risk: null }));
    renderWithProviders(<BankHealthTab />);
    expect((await screen.findByText('No daily figures in this range')).className).toBe('empty-state__title');
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });

  it("shows today's arrears buckets", async () => {
    routes();
    renderWithProviders(<BankHealthTab />);
    const over30 = await screen.findByTestId('arrears-bucket-over_30');
    expect(over30.textContent).toBe('Over 30 days1€9,99030.00%');
  });

  it('downloads the same rows as a CSV file, with the bearer token', async () => {
    localStorage.setItem('access_token', 'abc.def.ghi');
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:health'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { calls } = mockFetch({
      'GET /api/admin/bank-health': { body: bankHealthOf() },
      'GET /api/admin/arrears': { body: arrearsPageOf([]) },
      'GET /api/admin/bank-health.csv': {
        body: 'day,savings_held',
        headers: { 'Content-Disposition': 'attachment; filename="bank-health-2026-08-31-to-2026-11-28.csv"' },
      },
    });
    renderWithProviders(<BankHealthTab />);
    await screen.findByTestId('health-chart-held');
    fireEvent.click(screen.getByRole('button', { name: 'Last 90 days' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByRole('status')).textContent).toBe('Downloaded bank-health-2026-08-31-to-2026-11-28.csv.');
    const csv = calls.filter((call) => call.url.startsWith('/api/admin/bank-health.csv'));
    expect(csv.map((call) => call.url)).toEqual(['/api/admin/bank-health.csv?days=90']);
    expect(csv[0]?.headers.Authorization).toBe('Bearer abc.def.ghi');
    expect(saved).toEqual(['bank-health-2026-08-31-to-2026-11-28.csv blob:health']);
  });

  it('reads the figures again when the daily job sends `jobs`, and the buckets on `loans`', async () => {
    const { calls } = routes();
    const { queryClient } = renderWithProviders(<BankHealthTab />);
    await screen.findByTestId('health-chart-held');
    const count = (path: string) => calls.filter((call) => call.url.split('?')[0] === path).length;
    expect(count('/api/admin/bank-health')).toBe(1);
    act(() => invalidateKinds(queryClient, ['jobs']));
    await waitFor(() => expect(count('/api/admin/bank-health')).toBe(2));
    const arrearsBefore = count('/api/admin/arrears');
    act(() => invalidateKinds(queryClient, ['loans']));
    await waitFor(() => expect(count('/api/admin/arrears')).toBe(arrearsBefore + 1));
  });
});
