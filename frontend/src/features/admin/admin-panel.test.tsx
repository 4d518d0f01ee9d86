import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AdminPanel } from '@/features/admin/admin-panel';
import { makePendingLoan } from '@/testing/loan-fixtures';
import { makeWithdrawal } from '@/testing/savings-fixtures';
import { makeExchangePage, makeExchangeRequest } from '@/testing/exchange-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { makeProposal } from '@/testing/proposal-fixtures';

describe('AdminPanel', () => {
  it('shows the number of waiting loan requests on the Pending Loans tab', async () => {
    mockFetch({
      'GET /api/admin/pending-loans': { body: { pending_loans: [makePendingLoan({ id: 1 }), makePendingLoan({ id: 2 })], count: 2 } },
    });
    renderWithProviders(<AdminPanel username="admin" onLogout={vi.fn(() => Promise.resolve())} />, { route: '/admin-panel' });
    const tab = screen.getByRole('tab', { name: /Pending Loans/ });
    expect((await within(tab).findByLabelText('2 pending')).textContent).toBe('2');
    fireEvent.click(tab);
    expect(await screen.findAllByRole('button', { name: /^Approve / })).toHaveLength(2);
  });

  it('shows every officer the number of changes waiting for a second officer on the Four Eyes tab', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/proposals': { body: { results: [makeProposal()], count: 3, page: 1, page_size: 1 } },
    });
    renderWithProviders(<AdminPanel username="admin" onLogout={vi.fn(() => Promise.resolve())} />, { route: '/admin-panel' });
    const tab = screen.getByRole('tab', { name: /Four Eyes/ });
    expect((await within(tab).findByLabelText('3 pending')).textContent).toBe('3');
    expect(calls.find((call) => call.url.startsWith('/api/admin/proposals'))?.url).toBe('/api/admin/proposals?status=pending&page=1&page_size=1');
  });

  it('shows no badge when nothing waits', async () => {
    mockFetch({ 'GET /api/admin/pending-loans': { body: { pending_loans: [], count: 0 } } });
    renderWithProviders(<AdminPanel username="admin" onLogout={vi.fn(() => Promise.resolve())} />, { route: '/admin-panel' });
    fireEvent.click(screen.getByRole('tab', { name: /Pending Loans/ }));
    expect((await screen.findByText('No pending loan requests')).className).toBe('empty-state__title');
    expect(screen.queryAllByRole('button', { name: /^Approve / })).toHaveLength(0);
    expect(within(screen.getByRole('tab', { name: /Pending Loans/ })).queryByLabelText(/pending$/)).toBeNull();
  });

  it('shows the number of pending withdrawals on the Withdrawal Requests tab', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/pending-loans': { body: { pending_loans: [], count: 0 } },
      'GET /api/admin/withdrawal-requests': {
        body: { count: 4, page: 1, page_size: 50, pending_count: 3, withdrawal_requests: [makeWithdrawal({ id: 1 })] },
      },
    });
    renderWithProviders(<AdminPanel username="admin" onLogout={vi.fn(() => Promise.resolve())} />, { route: '/admin-panel' });
    const tab = screen.getByRole('tab', { name: /Withdrawal Requests/ });
    expect((await within(tab).findByLabelText('3 pending')).textContent).toBe('3');
    expect(calls.find((call) => call.url.startsWith('/api/admin/withdrawal-requests'))?.url).toBe(
      '/api/admin/withdrawal-requests?status=pending&page=1&page_size=1',
    );
    fireEvent.click(tab);
    expect(await screen.findAllByRole('button', { name: /^Approve / })).toHaveLength(1);
  });

  it('shows the number of waiting pearl exchanges on the Pearl Exchange Requests tab', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/pending-loans': { body: { pending_loans: [], count: 0 } },
      'GET /api/admin/pearl-exchange-requests': { body: makeExchangePage([makeExchangeRequest({ id: 3 })], { pending_count: 3 }) },
    });
    renderWithProviders(<AdminPanel username="admin" onLogout={vi.fn(() => Promise.resolve())} />, { route: '/admin-panel' });
    const tab = screen.getByRole('tab', { name: /Pearl Exchange Requests/ });
    expect((await within(tab).findByLabelText('3 pending')).textContent).toBe('3');
    expect(calls.find((call) => call.url.startsWith('/api/admin/pearl-exchange-requests'))?.url).toBe(
      '/api/admin/pearl-exchange-requests?status=pending&page=1&page_size=1',
    );
  });

  it("tells the signed-in officer of wrong passwords given for them, above every tab", async () => {
    const failed_sign_ins = { count: 2, since: '2026-11-27T09:00:00Z', latest: [{ at: '2026-11-28T14:02:00Z', address: '203.0.113.9', door: 'app sign-in' }] };
    mockFetch({
      'GET /api/me': { body: { username: 'lou', is_admin: true, role: 'loan_officer', has_solo_access: false, player: null, failed_sign_ins } },
      'GET /api/admin/pending-loans': { body: { pending_loans: [], count: 0 } },
    });
    renderWithProviders(<AdminPanel username="lou" onLogout={vi.fn(() => Promise.resolve())} />, { route: '/admin-panel' });
    const notice = await screen.findByRole('status', { name: 'Failed sign-in attempts' });
    expect(notice.textContent).toMatch(/^2 failed sign-in attempts since your last sign-in, the latest from 203\.0\.113\.9 at /);
    fireEvent.click(screen.getByRole('tab', { name: /Pending Loans/ }));
    expect(screen.getByRole('status', { name: 'Failed sign-in attempts' })).toBe(notice);
  });
});
