import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '@/features/players';
import { makeLoan, makePlayerLoan } from '@/testing/loan-fixtures';
import { MyLoansTab } from '@/features/loans/my-loans-tab';
import type { LoanChartPoints, PlayerLoan } from '@/lib/loans';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionsOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';
import { CAPABILITIES } from '@/testing/capabilities';

// jsdom has no canvas: the chart is replaced by a stand-in that shows what it was given.
vi.mock('@/features/loans/loan-chart', () => ({
  LoanChart: ({ loanId, chart }: { loanId: number; chart: LoanChartPoints }) => (
    <div data-testid={`chart-${loanId}`}>
      chart of loan {loanId}: {chart.amount_paid.length} days, {chart.recorded_days} recorded
    </div>
  ),
}));

const ME: Me = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  enrolment_required: false,
  may: CAPABILITIES.player,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 60, client_type: 'new', bad_payer: false, has_solo_access: false },
};

function bankData(loans: PlayerLoan[]) {
  return { body: { player_id: 7, loans, savings: [], pending_loans: [], solo_dividends: null } };
}

describe('MyLoansTab', () => {
  it('says when there are no loans', async () => {
    mockFetch({ 'GET /api/me/bank-data': bankData([]) });
    renderWithProviders(<MyLoansTab me={ME} onOpenRequest={vi.fn()} />);
    const empty = (await screen.findByText('You have no loans')).closest('.empty-state') as HTMLElement;
    expect(within(empty).getByText(/^Approved loan requests/).textContent).toBe(
      'Approved loan requests show here with their payments. Your statement of savings, withdrawals and exchanges is on My Savings.',
    );
    expect(within(empty).getByRole('button').textContent).toContain('Request Loan');
    // no loan, nothing of this tab's to download: the statement is not offered here
    expect(screen.queryByRole('region', { name: 'Statement' })).toBeNull();
  });

  it('offers the statement beside the loans', async () => {
    mockFetch({ 'GET /api/me/bank-data': bankData([makePlayerLoan()]) });
    renderWithProviders(<MyLoansTab me={ME} onOpenRequest={vi.fn()} />);
    await screen.findByTestId('loan-card-2');
    expect(screen.getByRole('region', { name: 'Statement' }).textContent).toContain('Download statement');
  });

  it('shows a card per loan with its badge, paid progress, statistics and chart', async () => {
    mockFetch({
      'GET /api/me/bank-data': bankData([
        makePlayerLoan(),
        makePlayerLoan({
          id: 1,
          status: 'Paid-Off',
          paid_off: true,
          value: 100_000,
          interest_rate: 0.5,
          total_to_pay: 150_000,
          daily_payment: 15_000,
          total_days: 10,
          days_passed: 10,
          amount_paid: 150_000,
          remaining: 0,
          payments_made: 10,
          missed_payments: 0,
          paid_percent: 100,
          // a paid-off loan's record runs to its last day: nothing planned
          chart: { recorded_days: 10, amount_paid: Array<number>(10).fill(150_000), remaining: Array<number>(10).fill(0) },
        }),
        makePlayerLoan({ ...makeLoan({ id: 3, status: 'Defaulted' }) }),
      ]),
    });
    renderWithProviders(<MyLoansTab me={ME} onOpenRequest={vi.fn()} />);
    const active = await screen.findByTestId('loan-card-2');
    expect(within(active).getByRole('heading', { level: 3 }).textContent).toBe('Loan #2');
    expect(within(active).getByText('Active').className).toContain('badge--success');
    expect(within(active).getByText(/^€1,000,000 at/).textContent).toBe('€1,000,000 at 30% over 30 days · 1.00% a day · total €1,300,000');
    // the share paid is the server's figure, as it sends it
    expect(within(active).getByRole('progressbar', { name: 'Loan #2 paid' }).getAttribute('aria-valuenow')).toBe('6.7');
    expect(within(active).getByText(/paid$/).textContent).toBe('6.7% paid');
    expect(definitionsOf(active, 'Amount Paid')).toEqual(['€86,666', '2 payments made']);
    expect(definitionsOf(active, 'Remaining Amount')).toEqual(['€1,213,334', '1 missed payment']);
    expect(definitionsOf(active, 'Daily Payment')).toEqual(['€43,333', 'for 30 days']);
    expect(definitionsOf(active, 'Start Date')).toEqual([day('1 Mar 2025')]);
    expect(definitionsOf(active, 'Days Passed')).toEqual(['3 / 30']);
    // what is due today and in arrears, as the server computed them
    expect(definitionsOf(active, 'Due Today')).toEqual(['€43,333', "today's day"]);
    expect(definitionsOf(active, 'In Arrears')).toEqual(['€0', 'up to date']);
    // the chart draws the server's days; days after the recorded ones are its plan, drawn dashed
    expect((await within(active).findByTestId('chart-2')).textContent).toBe('chart of loan 2: 30 days, 3 recorded');
    expect(within(active).getByRole('heading', { level: 4 }).textContent?.trim()).toBe('Amount Paid vs Remaining Amount · first 30 days');
    expect(within(active).getByText(/^Dashed lines/).textContent).toBe('Dashed lines show the plan if every remaining day is paid.');

    const paidOff = screen.getByTestId('loan-card-1');
    expect(within(paidOff).getByText('Paid-Off').className).toContain('badge--success');
    expect(within(paidOff).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    // one list, one format: the cards' shares paid carry the same decimals
    expect(within(paidOff).getByText(/paid$/).textContent).toBe('100.0% paid');
    expect((await within(paidOff).findByTestId('chart-1')).textContent).toBe('chart of loan 1: 10 days, 10 recorded');
    expect(within(paidOff).getByRole('heading', { level: 4 }).textContent?.trim()).toBe('Amount Paid vs Remaining Amount · first 10 days');
    expect(within(paidOff).queryByText(/^Dashed lines/)).toBeNull();
    expect(within(screen.getByTestId('loan-card-3')).getByText('Defaulted').className).toContain('badge--error');
    // a closed loan owes nothing more: no such lines
    expect(within(paidOff).queryByText('Due Today')).toBeNull();
  });

  it('says how far behind a loan is: the amount in arrears and the days, with what today asks', async () => {
    mockFetch({ 'GET /api/me/bank-data': bankData([makePlayerLoan({ due_today: 43_333, arrears: 86_666, arrears_days: 2 })]) });
    renderWithProviders(<MyLoansTab me={ME} onOpenRequest={vi.fn()} />);
    const card = await screen.findByTestId('loan-card-2');
    expect(definitionsOf(card, 'In Arrears')).toEqual(['€86,666', '2 days behind']);
    expect(screen.getByTestId('loan-2-arrears').className).toContain('stat-box__value--gold');
    expect(definitionsOf(card, 'Due Today')).toEqual(['€43,333', "today's day"]);
  });
});
