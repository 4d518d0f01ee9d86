import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreditOverviewTab } from '@/features/credit/credit-overview-tab';
import type { CreditEvent, OverviewRow } from '@/features/credit/api/types';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';

const ROW: OverviewRow = {
  player_id: 7,
  player_name: 'Aria',
  player_discord: 'aria#1',
  credit_score: 120,
  tier: 'silver',
  score_color: 'orange',
  bad_payer: false,
};
const EVENT: CreditEvent = {
  id: 1,
  action_type: 'donation',
  reason: 'Gave bread',
  points_change: 15,
  old_score: 120,
  new_score: 135,
  admin_user: 'admin',
  timestamp: '2025-03-01T10:00:00Z',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

afterEach(() => vi.restoreAllMocks());

const COUNTERS = { gold: 0, silver: 1, basic: 0, bad_payers: 0 };

const confirmPenalty = (label: string) =>
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: label }));

function overviewPage(rows: OverviewRow[], page = 1, count = rows.length) {
  return { overview: rows, max_score: 300, counters: COUNTERS, count, page, page_size: 50 };
}

function routes() {
  return {
    'GET /api/admin/credit-score/overview': { body: overviewPage([ROW]) },
    'POST /api/admin/credit-score/adjust': { body: EVENT },
  };
}

async function openAdjust() {
  fireEvent.click(await screen.findByRole('button', { name: 'Adjust Aria' }));
  const dialog = screen.getByRole('dialog');
  fireEvent.change(within(dialog).getByLabelText('Points change'), { target: { value: '15' } });
  fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Gave bread' } });
  return dialog;
}

describe('CreditOverviewTab', () => {
  it("colours each score as the server says, out of the server's maximum", async () => {
    mockFetch({
      'GET /api/admin/credit-score/overview': {
        body: overviewPage([ROW, { ...ROW, player_id: 8, player_name: 'Borin', credit_score: 260, score_color: 'green' }]),
      },
    });
    renderWithProviders(<CreditOverviewTab />);
    const cells = [await screen.findByTestId('credit-row-7'), screen.getByTestId('credit-row-8')].map(
      (row) => within(row).getAllByRole('cell')[2],
    );
    expect(cells.map((cell) => cell.textContent)).toEqual(['120 / 300', '260 / 300']);
    expect(cells.map((cell) => cell.querySelector('strong')?.className)).toEqual(['score--orange', 'score--green']);
    fireEvent.click(screen.getByRole('button', { name: 'Adjust Aria' }));
    expect(within(screen.getByRole('dialog')).getByText(/^Current score/).textContent).toBe(
      'Current score: 120 / 300. Use a negative number to take points away.',
    );
  });

  it('sends the kind the admin picks with an adjustment', async () => {
    const { calls } = mockFetch(routes());
    renderWithProviders(<CreditOverviewTab />);
    const dialog = await openAdjust();
    fireEvent.change(within(dialog).getByLabelText('Kind'), { target: { value: 'donation' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('status')).textContent).toBe('Credit score adjusted successfully');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ player_id: 7, points_change: 15, reason: 'Gave bread', kind: 'donation' });
  });

  it('offers the three kinds, manual adjustment by default, and keeps points and reason required', async () => {
    const { calls } = mockFetch(routes());
    renderWithProviders(<CreditOverviewTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adjust Aria' }));
    const dialog = screen.getByRole('dialog');
    const kind = within(dialog).getByLabelText<HTMLSelectElement>('Kind');
    expect(Array.from(kind.options).map((option) => option.textContent)).toEqual(['Manual adjustment', 'Donation', 'Friend invite']);
    expect(kind.value).toBe('manual_adjustment');
    const apply = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Apply' });
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Points change'), { target: { value: '-5' } });
    expect(apply.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Late' } });
    expect(apply.disabled).toBe(false);
    fireEvent.click(apply);
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ player_id: 7, points_change: -5, reason: 'Late', kind: 'manual_adjustment' });
  });

  it("shows the spec's fixed text and a Retry button when the overview fails", async () => {
    mockFetch({ 'GET /api/admin/credit-score/overview': { status: 500, body: { detail: 'Database is on fire.', code: 'server_error' } } });
    renderWithProviders(<CreditOverviewTab />);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')?.textContent).toBe('Failed to fetch credit score overview');
    expect(alert.textContent).not.toContain('Database is on fire.');
    expect(within(alert).getAllByRole('button').map((button) => button.textContent)).toEqual(['Retry']);
  });

  it('shows the players per tier, filters on the server and loads more players', async () => {
    const second: OverviewRow = { ...ROW, player_id: 8, player_name: 'Borin' };
    const { calls } = mockFetch({
      'GET /api/admin/credit-score/overview': (call) =>
        call.url.includes('page=2') ? { body: overviewPage([second], 2, 2) } : { body: { ...overviewPage([ROW], 1, 2), page_size: 1 } },
    });
    renderWithProviders(<CreditOverviewTab />);
    await screen.findByTestId('credit-row-7');
    expect(definitionOf(screen.getByLabelText('Players by tier'), 'Silver')).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect((await screen.findByTestId('credit-row-8')).textContent).toContain('Borin');
    fireEvent.change(screen.getByLabelText('Tier'), { target: { value: 'gold' } });
    await waitFor(() => expect(calls.some((call) => call.url.includes('tier=gold'))).toBe(true));
  });

  it('reuses the Idempotency-Key of an adjustment retried after a lost answer, and takes a new one after success', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      ...routes(),
      'POST /api/admin/credit-score/adjust': () => {
        attempts += 1;
        return attempts === 1 ? 'network-error' : { body: EVENT };
      },
    });
    renderWithProviders(<CreditOverviewTab />);
    const dialog = await openAdjust();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error adjusting credit score: /);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('status')).textContent).toBe('Credit score adjusted successfully');
    fireEvent.click(within(await openAdjust()).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const [lost, retry, next] = calls.filter((call) => call.method === 'POST').map((call) => call.headers['Idempotency-Key']);
    expect(lost).toMatch(UUID);
    expect(retry).toBe(lost);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(lost);
  });

  it("asks in the themed dialog before a penalty, and Cancel sends nothing", async () => {
    const { calls } = mockFetch({ ...routes(), 'POST /api/admin/credit-score/penalty': { body: EVENT } });
    renderWithProviders(<CreditOverviewTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Aria' }));
    const dialog = screen.getByRole('dialog', { name: "Reset Aria's credit score to 0 (loan default)?" });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Aria' }));
    confirmPenalty('Reset to 0');
    expect((await screen.findByRole('status')).textContent).toBe('Penalty applied successfully');
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/admin/credit-score/penalty?player_id=7&penalty_type=loan_default');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends each confirmed penalty with its own Idempotency-Key, and the same key again when a 503 left it unknown', async () => {
    let attempts = 0;
    const { calls } = mockFetch({
      ...routes(),
      'POST /api/admin/credit-score/penalty': () => {
        attempts += 1;
        return attempts === 1 ? { status: 503, body: { detail: 'The bank cannot reach its database.', code: 'unavailable' } } : { body: EVENT };
      },
    });
    renderWithProviders(<CreditOverviewTab />);
    fireEvent.click(await screen.findByRole('button', { name: '-10 Aria' }));
    confirmPenalty('Take 10 Points');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Error applying penalty: /);
    fireEvent.click(screen.getByRole('button', { name: '-10 Aria' }));
    confirmPenalty('Take 10 Points');
    expect((await screen.findByRole('status')).textContent).toBe('Penalty applied successfully');
    fireEvent.click(screen.getByRole('button', { name: '-10 Aria' }));
    confirmPenalty('Take 10 Points');
    await waitFor(() => expect(calls.filter((call) => call.method === 'POST')).toHaveLength(3));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts[0]?.url).toBe('/api/admin/credit-score/penalty?player_id=7&penalty_type=missed_payment');
    const [unknown, retry, next] = posts.map((call) => call.headers['Idempotency-Key']);
    expect(unknown).toMatch(UUID);
    expect(retry).toBe(unknown);
    expect(next).toMatch(UUID);
    expect(next).not.toBe(unknown);
  });
});
