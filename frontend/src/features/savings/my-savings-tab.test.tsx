import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '@/features/players';
import { MySavingsTab } from '@/features/savings/my-savings-tab';
import { makeSavings, makeSavingsQuote } from '@/testing/savings-fixtures';
import type { ProjectionWeek } from '@/lib/savings';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf, definitionsOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { CAPABILITIES } from '@/testing/capabilities';

// jsdom has no canvas: the browser tests draw the real chart
vi.mock('@/features/savings/savings-chart', () => ({
  SavingsChart: ({ weeks }: { weeks: ProjectionWeek[] }) => <div data-testid="savings-chart">{weeks.map((week) => week.earnings).join(',')}</div>,
}));

const ME: Me = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  enrolment_required: false,
  may: CAPABILITIES.player,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 160, client_type: 'new', bad_payer: false, has_solo_access: false },
};

const EMPTY_SUMMARY = {
  loans_count: 0,
  active_loans_count: 0,
  loans_total_value: 0,
  loans_remaining: 0,
  savings_count: 0,
  active_savings_count: 0,
  savings_total_value: 0,
  savings_weekly_earnings: 0,
  savings_payments_received: 0,
  savings_total_earnings: 0,
};

function bankData(savings: ReturnType<typeof makeSavings>[], summary: Partial<typeof EMPTY_SUMMARY> = {}) {
  return { body: { player_id: 7, loans: [], savings, pending_loans: [], summary: { ...EMPTY_SUMMARY, ...summary }, solo_dividends: null } };
}

describe('MySavingsTab', () => {
  it("says so when the player has no savings accounts", async () => {
    mockFetch({ 'GET /api/me/bank-data': bankData([]), 'GET /api/savings/quote': { body: makeSavingsQuote() } });
    renderWithProviders(<MySavingsTab me={ME} />);
    expect((await screen.findByText('You have no savings accounts')).className).toBe('empty-state__title');
    // a statement covers withdrawals and exchanges too, so it is offered without savings
    expect(screen.getByRole('button', { name: 'Download statement' }).getAttribute('type')).toBe('submit');
  });

  it("shows the server's summary and one card per account with its figures", async () => {
    mockFetch({
      'GET /api/me/bank-data': bankData(
        [
          makeSavings({ id: 4, invested_value: 200_000, paid_weeks: 2, payments_count: 2, not_paid_weeks: 0, total_paid_out: 28_000, status: 'Active' }),
          makeSavings({ id: 3, invested_value: 0, status: 'Withdrawn', next_payment_date: null }),
        ],
        // the server's totals, not sums of the cards (the withdrawn account's weeks count too)
        { savings_count: 2, savings_payments_received: 5, savings_total_earnings: 61_000 },
      ),
      'GET /api/savings/quote': { body: makeSavingsQuote() },
    });
    renderWithProviders(<MySavingsTab me={ME} />);
    const summary = await screen.findByLabelText('Savings summary');
    expect(['Total Savings Accounts', 'Total Payments Received', 'Total Earnings'].map((label) => definitionOf(summary, label))).toEqual([
      '2',
      '5',
      '€61,000',
    ]);
    const active = screen.getByTestId('savings-card-4');
    expect(['Invested Amount', 'Weekly Rate', 'Payments'].map((label) => definitionOf(active, label))).toEqual(['€200,000', '7%', '2']);
    expect(within(active).getByText('Active').className).toContain('badge--success');
    const closed = screen.getByTestId('savings-card-3');
    expect(within(closed).getByText('Withdrawn').className).toContain('badge--error');
    expect(definitionOf(closed, 'Next Payment')).toBe('—');
  });

  it("draws the server's 12 weeks and shows its projections and this week's earnings", async () => {
    const { calls } = mockFetch({
      'GET /api/me/bank-data': bankData([makeSavings()]),
      'GET /api/savings/quote': { body: makeSavingsQuote() },
    });
    renderWithProviders(<MySavingsTab me={ME} />);
    expect((await screen.findByTestId('current-weekly-earnings')).textContent).toBe('€37,450');
    expect(definitionsOf(screen.getByRole('region', { name: 'Weekly earnings chart' }).parentElement as HTMLElement, 'Active Balance')).toEqual([
      '€535,000',
    ]);
    const rows = within(screen.getByRole('table', { name: 'Compounding projections' })).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Weeks', 'Final Amount', 'Total Earnings'],
      ['12 weeks', '€1,204,812', '€669,812'],
      ['24 weeks', '€2,713,257', '€2,178,257'],
      ['52 weeks', '€18,244,121', '€17,709,121'],
    ]);
    expect((await screen.findByTestId('savings-chart')).textContent?.split(',')).toHaveLength(12);
    // the player's own quote: no player id, no value
    expect(calls.filter((call) => call.url.startsWith('/api/savings/quote')).map((call) => call.url)).toEqual(['/api/savings/quote']);
  });
});
