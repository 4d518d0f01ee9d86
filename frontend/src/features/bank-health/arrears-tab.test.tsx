import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArrearsTab } from '@/features/bank-health/arrears-tab';
import { invalidateKinds } from '@/lib/live';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { arrearsPageOf, arrearsRowOf } from '@/testing/health-fixtures';
import { renderWithProviders } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

const BORIN = arrearsRowOf();
const CARA = arrearsRowOf({ loan_id: 9, player_id: 4, player_name: 'Cara', player_discord: 'cara#2', arrears: 333, arrears_days: 1, bucket: '1_3', outstanding: 2_000 });

// the list's pages (the buckets' titles come with a one-row read of their own)
const arrearsCalls = (calls: MockCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/admin/arrears') && !call.url.includes('page_size=1')).map((call) => call.url);

describe('Admin ArrearsTab', () => {
  it('lists the loans in arrears as the server sorted them, with their days behind and amounts', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/arrears': { body: arrearsPageOf([BORIN, CARA]) } });
    renderWithProviders(<ArrearsTab />);
    const row = await screen.findByTestId('arrears-row-7');
    expect([...row.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual([
      'Loan #7',
      'Borin borin#1',
      '30',
      '€9,990',
      '€9,990',
      expect.stringMatching(/^1\u00a0Oct\u00a02026$/),
      'Open',
    ]);
    expect(screen.getAllByTestId(/^arrears-row-/).map((node) => node.dataset.testid)).toEqual(['arrears-row-7', 'arrears-row-9']);
    expect(arrearsCalls(calls)).toEqual(['/api/admin/arrears?page=1&ordering=-days']);
  });

  it("asks the server for the order and bucket chosen (the API's ordering values)", async () => {
    const { calls } = mockFetch({ 'GET /api/admin/arrears': { body: arrearsPageOf([BORIN]) } });
    renderWithProviders(<ArrearsTab />);
    await screen.findByTestId('arrears-row-7');
    fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: '-amount' } });
    await waitFor(() => expect(arrearsCalls(calls)).toContain('/api/admin/arrears?page=1&ordering=-amount'));
    fireEvent.change(screen.getByLabelText('Bucket'), { target: { value: 'over_30' } });
    await waitFor(() => expect(arrearsCalls(calls)).toContain('/api/admin/arrears?page=1&ordering=-amount&bucket=over_30'));
  });

  it("names the buckets as the server does (their days are Bank Settings), never with days of its own", async () => {
    const page = arrearsPageOf([BORIN]);
    const titles = ['1 day', '2–5 days', '6–10 days', 'Over 10 days'];
    const book = { ...page.book, buckets: page.book.buckets.map((bucket, index) => ({ ...bucket, title: titles[index] ?? '' })) };
    mockFetch({ 'GET /api/admin/arrears': { body: { ...page, book } } });
    renderWithProviders(<ArrearsTab />);
    await screen.findByTestId('arrears-row-7');
    const select = screen.getByLabelText<HTMLSelectElement>('Bucket');
    await waitFor(() => expect([...select.options].map((option) => option.textContent)).toEqual(['Every bucket', ...titles]));
    expect([...select.options].map((option) => option.value)).toEqual(['', '1_3', '4_7', '8_30', 'over_30']);
  });

  it('loads the next page from the server', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/arrears': (call) =>
        call.url.includes('page=2')
          ? { body: arrearsPageOf([CARA], { count: 2, page: 2, pageSize: 1 }) }
          : { body: arrearsPageOf([BORIN], { count: 2, page: 1, pageSize: 1 }) },
    });
    renderWithProviders(<ArrearsTab />);
    await screen.findByTestId('arrears-row-7');
    expect(screen.getByText(/^Showing/).textContent).toBe('Showing 1 of 2 loans in arrears');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByTestId('arrears-row-9');
    expect(arrearsCalls(calls)).toEqual(['/api/admin/arrears?page=1&ordering=-days', '/api/admin/arrears?page=2&ordering=-days']);
  });

  it("opens a row's loan among its player's products", async () => {
    mockFetch({
      'GET /api/admin/arrears': { body: arrearsPageOf([BORIN]) },
      'GET /api/players/3/products': { body: { loans: [], pending_loans: [], savings: [] } },
    });
    renderWithProviders(<ArrearsTab />);
    await screen.findByTestId('arrears-row-7');
    const open = screen.getByRole('button', { name: 'Open loan #7 of Borin' });
    fireEvent.click(open);
    const heading = await screen.findByRole('heading', { name: 'Loan #7 · Borin' });
    expect(document.activeElement).toBe(heading);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/behind:/).textContent).toBe('30 days behind: €9,990 due by yesterday, €0 paid, €9,990 in arrears.');
    expect((await screen.findByText('No loans yet.')).className).toBe('muted');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('heading', { name: 'Loan #7 · Borin' })).toBeNull();
  });

  it('says when no loan is in arrears', async () => {
    mockFetch({ 'GET /api/admin/arrears': { body: arrearsPageOf([]) } });
    renderWithProviders(<ArrearsTab />);
    expect((await screen.findByText('No loans in arrears')).className).toBe('empty-state__title');
  });

  it("shows the server's detail when it refuses the list", async () => {
    mockFetch({ 'GET /api/admin/arrears': { status: 400, body: { detail: 'Unknown ordering: size', code: 'invalid', fields: {} } } });
    renderWithProviders(<ArrearsTab />);
    expect((await screen.findByText(/Error loading the arrears/)).textContent).toBe('Error loading the arrears: Unknown ordering: size');
  });

  it('reads the list again when a `loans` notice comes (a day marked, a loan paid off)', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/arrears': { body: arrearsPageOf([BORIN]) } });
    const { queryClient } = renderWithProviders(<ArrearsTab />);
    const table = await screen.findByRole('region', { name: 'Loans in arrears' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    act(() => invalidateKinds(queryClient, ['loans']));
    await waitFor(() => expect(arrearsCalls(calls)).toHaveLength(2));
  });
});
