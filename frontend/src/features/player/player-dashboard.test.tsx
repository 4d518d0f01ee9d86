import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeLoan, makePendingLoan } from '@/testing/loan-fixtures';
import { PlayerDashboard } from '@/features/player/player-dashboard';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';

const PLAYER = { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 40, client_type: 'new', bad_payer: false };

function renderDashboard() {
  return renderWithProviders(<PlayerDashboard username="Aria" onLogout={vi.fn(() => Promise.resolve())} />, {
    route: '/dashboard',
  });
}

describe('PlayerDashboard', () => {
  it('shows Loading banking data... until /api/me answers, then the welcome', async () => {
    mockFetch({ 'GET /api/me': { body: { username: 'Aria', is_admin: false, has_solo_access: false, player: PLAYER } } });
    renderDashboard();
    expect(screen.getByRole('status').textContent).toBe('Loading banking data...');
    expect((await screen.findByText(/^Welcome back,/)).textContent).toBe('Welcome back, Aria!');
    expect(screen.queryByText('Loading banking data...')).toBeNull();
    expect(screen.getByText('Welcome,', { exact: false }).textContent).toBe('Welcome, Aria');
    expect(screen.getAllByRole('button', { name: 'Logout' })).toHaveLength(1);
    expect(screen.getByRole('contentinfo').textContent).toBe('Guild Bank 2025 ©');
  });

  it('has the twelve player tabs, Overview first and Security last', async () => {
    mockFetch({ 'GET /api/me': { body: { username: 'Aria', is_admin: false, has_solo_access: false, player: PLAYER } } });
    renderDashboard();
    const tablist = await screen.findByRole('tablist', { name: 'Player dashboard' });
    expect(within(tablist).getAllByRole('tab').map((tab) => tab.textContent?.replace(/^\W+/u, ''))).toEqual([
      'Overview',
      'Credit Score',
      'Loan Eligibility',
      'Request Loan',
      'Pending Loans',
      'My Loans',
      'My Savings',
      'Request Withdrawal',
      'Withdrawal History',
      'Exchange Pearls',
      'Pearl History',
      'Security',
    ]);
    expect(within(tablist).getByRole('tab', { name: /Overview/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('switches tabs by click, quick action and arrow key', async () => {
    mockFetch({ 'GET /api/me': { body: { username: 'Aria', is_admin: false, has_solo_access: false, player: PLAYER } } });
    renderDashboard();
    fireEvent.click(await screen.findByRole('tab', { name: /My Savings/ }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('heading')[0]?.textContent).toBe('My Savings');
    fireEvent.click(screen.getByRole('tab', { name: /Overview/ }));
    fireEvent.click(screen.getByRole('button', { name: /Request Loan/ }));
    expect(screen.getByRole('tab', { name: /Request Loan/ }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tablist'), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: /Pending Loans/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: /Pending Loans/ }).id,
    );
  });

  it('hides the Solo Dividends card from players without solo access', async () => {
    const { calls } = mockFetch({
      'GET /api/me': { body: { username: 'Aria', is_admin: false, has_solo_access: false, player: PLAYER } },
    });
    renderDashboard();
    await screen.findByText('Welcome back, Aria!');
    expect(screen.queryByRole('heading', { name: 'Solo Dividends' })).toBeNull();
    expect(calls.some((call) => call.url === '/api/solo-dividends')).toBe(false);
  });

  it('shows the Solo Dividends card to solo-access players', async () => {
    mockFetch({
      'GET /api/me': { body: { username: 'Aria', is_admin: false, has_solo_access: true, player: PLAYER } },
      'GET /api/solo-dividends': { body: { dividends: 1_500_000 } },
    });
    renderDashboard();
    const heading = await screen.findByRole('heading', { name: 'Solo Dividends' });
    const card = heading.closest('article');
    expect(card).not.toBeNull();
    expect((await within(card as HTMLElement).findByText(/^€/)).textContent).toBe('€1,500,000');
    expect(definitionOf(card as HTMLElement, 'Source')).toBe('35% Loan Interest from paid loans');
    expect(definitionOf(card as HTMLElement, 'Access')).toBe('Authorized / Solo Access Granted');
  });

  it("shows My Loans and My Savings (total and active count) from the server's summary", async () => {
    mockFetch({
      'GET /api/me': { body: { username: 'Aria', is_admin: false, has_solo_access: false, player: PLAYER } },
      'GET /api/me/bank-data': {
        body: {
          player_id: 7,
          loans: [makeLoan(), makeLoan({ id: 1, status: 'Paid-Off', paid_off: true, remaining: 0 })],
          savings: [],
          pending_loans: [makePendingLoan()],
          summary: {
            loans_count: 2,
            active_loans_count: 1,
            loans_total_value: 2_000_000,
            loans_remaining: 1_213_334,
            savings_count: 3,
            active_savings_count: 2,
            savings_total_value: 1_500_000,
            savings_weekly_earnings: 105_000,
            savings_payments_received: 9,
            savings_total_earnings: 630_000,
          },
          solo_dividends: null,
        },
      },
    });
    renderDashboard();
    const loans = (await screen.findByRole('heading', { name: 'My Loans' })).closest('article') as HTMLElement;
    expect((await within(loans).findByText(/ active$/)).textContent).toBe('1 active');
    expect(loans.querySelector('.stat__value')?.textContent).toBe('2');
    expect(definitionOf(loans, 'Remaining to pay')).toBe('€1,213,334');
    expect(definitionOf(loans, 'Requests waiting')).toBe('1');
    const savings = screen.getByRole('heading', { name: 'My Savings' }).closest('article') as HTMLElement;
    expect(savings.querySelector('.stat__value')?.textContent).toBe('3');
    expect(within(savings).getByText(/ active$/).textContent).toBe('2 active');
    expect(definitionOf(savings, 'Total invested')).toBe('€1,500,000');
    expect(definitionOf(savings, 'Weekly earnings')).toBe('€105,000');
  });

  it('offers the quick actions Request Loan, My Loans and My Savings', async () => {
    mockFetch({ 'GET /api/me': { body: { username: 'Aria', is_admin: false, has_solo_access: false, player: PLAYER } } });
    renderDashboard();
    const card = (await screen.findByRole('heading', { name: 'Quick Actions' })).closest('article') as HTMLElement;
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Request Loan', 'My Loans', 'My Savings']);
    fireEvent.click(within(card).getByRole('button', { name: 'My Loans' }));
    expect(screen.getByRole('tab', { name: /My Loans/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers Retry when the banking data cannot be loaded', async () => {
    let attempts = 0;
    mockFetch({
      'GET /api/me': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 500, body: { detail: 'Server error', code: 'error' } }
          : { body: { username: 'Aria', is_admin: false, has_solo_access: false, player: PLAYER } };
      },
    });
    renderDashboard();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect((await screen.findByText(/^Welcome back,/)).textContent).toBe('Welcome back, Aria!');
  });
});
