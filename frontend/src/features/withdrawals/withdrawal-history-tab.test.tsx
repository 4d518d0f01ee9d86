import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/features/players';
import { WithdrawalHistoryTab } from '@/features/withdrawals/withdrawal-history-tab';
import { makeWithdrawal } from '@/testing/savings-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';
import { CAPABILITIES } from '@/testing/capabilities';

const ME: Me = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  enrolment_required: false,
  may: CAPABILITIES.player,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 160, client_type: 'new', bad_payer: false, has_solo_access: false },
};

describe('WithdrawalHistoryTab', () => {
  it("says 'No withdrawal history found' when there is none", async () => {
    mockFetch({ 'GET /api/players/7/withdrawal-history': { body: { withdrawal_history: [] } } });
    renderWithProviders(<WithdrawalHistoryTab me={ME} />);
    expect((await screen.findByText('No withdrawal history found')).className).toBe('empty-state__title');
  });

  it('shows each request with its status, amount, time and timezone, and the admin notes', async () => {
    mockFetch({
      'GET /api/players/7/withdrawal-history': {
        body: {
          withdrawal_history: [
            makeWithdrawal({ id: 12, status: 'denied', admin_notes: 'No admin online then', player_timezone: -5, withdrawal_time: '09:15' }),
            makeWithdrawal({ id: 11 }),
          ],
        },
      },
    });
    renderWithProviders(<WithdrawalHistoryTab me={ME} />);
    const denied = await screen.findByTestId('withdrawal-12');
    expect(within(denied).getByRole('heading', { level: 3 }).textContent).toBe('Withdrawal #12');
    expect(within(denied).getByText('Denied').className).toContain('badge--error');
    expect(definitionOf(denied, 'Requested Time')).toBe('09:15 GMT-5');
    expect(denied.textContent).toContain('No admin online then');
    const pending = screen.getByTestId('withdrawal-11');
    expect(within(pending).getByText('Pending').className).toContain('badge--warning');
    expect(['Amount', 'Requested Date', 'Requested Time'].map((label) => definitionOf(pending, label))).toEqual([
      '€150,000',
      day('22 Mar 2025'),
      '18:30 GMT+1',
    ]);
  });

  it('cancels a pending withdrawal request after asking, and shows it cancelled', async () => {
    let status: 'pending' | 'cancelled' = 'pending';
    const { calls } = mockFetch({
      'GET /api/players/7/withdrawal-history': () => ({ body: { withdrawal_history: [makeWithdrawal({ id: 11, status })] } }),
      'PUT /api/withdrawal-requests/11/cancel': () => {
        status = 'cancelled';
        return { body: makeWithdrawal({ id: 11, status }) };
      },
    });
    renderWithProviders(<WithdrawalHistoryTab me={ME} />);
    const card = await screen.findByTestId('withdrawal-11');
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this request?' });
    expect(within(dialog).getByText(/^Your withdrawal request #11 /)).toBeInstanceOf(HTMLParagraphElement);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.url)).toEqual(['/api/withdrawal-requests/11/cancel']);
    expect((await within(card).findByText('Cancelled')).className).toContain('badge--neutral');
    expect(within(card).queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });
  it('names the officer who decided each decided request, and when', async () => {
    mockFetch({
      'GET /api/players/7/withdrawal-history': {
        body: {
          withdrawal_history: [
            makeWithdrawal({ id: 13, status: 'approved', decided_by: 'Mara', decided_at: '2026-06-01T10:15:00Z' }),
            makeWithdrawal({ id: 12, status: 'denied', admin_notes: 'No admin online then', decided_by: 'Lou', decided_at: null }),
            makeWithdrawal({ id: 11 }),
          ],
        },
      },
    });
    renderWithProviders(<WithdrawalHistoryTab me={ME} />);
    const approved = await screen.findByTestId('withdrawal-13');
    const time = new Date('2026-06-01T10:15:00Z').toLocaleTimeString('en-GB', { timeStyle: 'short' });
    expect(within(approved).getByTestId('decided-by').textContent).toBe(`DecisionApproved by Mara on ${day('1 Jun 2026')}, ${time}`);
    expect(within(screen.getByTestId('withdrawal-12')).getByTestId('decided-by').textContent).toBe('DecisionDenied by Lou');
    expect(within(screen.getByTestId('withdrawal-11')).queryByTestId('decided-by')).toBeNull();
  });
});
