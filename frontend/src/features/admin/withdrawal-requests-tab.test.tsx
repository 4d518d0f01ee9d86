import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithdrawalRequestsTab } from '@/features/admin/withdrawal-requests-tab';
import { makeWithdrawal } from '@/lib/savings-fixtures';
import type { WithdrawalOfficer } from '@/lib/savings';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// officers read the rows with their approvals (none yet)
const PENDING: WithdrawalOfficer = { ...makeWithdrawal({ id: 11, player_name: 'Borin', player_discord: 'borin.guild' }), approvals: [] };
const DENIED: WithdrawalOfficer = {
  ...makeWithdrawal({ id: 9, status: 'denied', admin_notes: 'No admin online', decided_by: 'admin' }),
  approvals: [],
};

function page(rows: WithdrawalOfficer[]) {
  return {
    body: {
      count: rows.length,
      page: 1,
      page_size: 50,
      pending_count: rows.filter((row) => row.status === 'pending').length,
      withdrawal_requests: rows,
    },
  };
}

describe('Admin WithdrawalRequestsTab', () => {
  it('shows each request; Approve and Deny only while it is pending', async () => {
    mockFetch({ 'GET /api/admin/withdrawal-requests': page([PENDING, DENIED]) });
    renderWithProviders(<WithdrawalRequestsTab />);
    const pending = await screen.findByTestId('withdrawal-request-11');
    expect(within(pending).getByRole('heading', { level: 3 }).textContent).toBe('Borin · Withdrawal #11');
    expect(['Amount', 'Withdrawal Date', 'Withdrawal Time'].map((label) => definitionOf(pending, label))).toEqual([
      '€150,000',
      day('22 Mar 2025'),
      '18:30 GMT+1',
    ]);
    expect(within(pending).getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Deny']);
    const denied = screen.getByTestId('withdrawal-request-9');
    expect(within(denied).getByText('Denied').className).toContain('badge--error');
    expect(denied.textContent).toContain('No admin online');
    expect(within(denied).queryAllByRole('button')).toEqual([]);
    expect(screen.getByTestId('withdrawal-counts').textContent).toBe('1 pending of 2 requests, pending first');
  });

  it('approves with an idempotency key and shows the answer', async () => {
    let rows = [PENDING];
    const { calls } = mockFetch({
      'GET /api/admin/withdrawal-requests': () => page(rows),
      'PUT /api/admin/withdrawal-requests/11/approve': () => {
        rows = [{ ...PENDING, status: 'approved', admin_notes: 'See you' }];
        return { body: { withdrawal_request: rows[0], detail: 'Withdrawal request approved.' } };
      },
    });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    const dialog = screen.getByRole('dialog', { name: 'Approve withdrawal request' });
    fireEvent.change(within(dialog).getByLabelText('Approval notes (optional)'), { target: { value: 'See you' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe('Withdrawal request approved.');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/admin/withdrawal-requests/11/approve?admin_notes=See+you');
    expect(put?.headers['Idempotency-Key']).toMatch(UUID);
    expect((await screen.findByText('Approved')).className).toContain('badge--success');
    expect(within(screen.getByTestId('withdrawal-request-11')).queryAllByRole('button')).toEqual([]);
  });

  it('shows a first approval of a large withdrawal (202) as waiting for a second officer, not as approved', async () => {
    const approvals = [{ officer: 'lou', at: '2026-06-01T10:00:00Z', notes: '' }];
    let rows = [PENDING];
    mockFetch({
      'GET /api/admin/withdrawal-requests': () => page(rows),
      'PUT /api/admin/withdrawal-requests/11/approve': () => {
        rows = [{ ...PENDING, approvals }];
        return { status: 202, body: { status: 'awaiting_second_approval', approvals, detail: 'Approved by lou; a second officer must approve' } };
      },
    });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Approve withdrawal request' })).getByRole('button', { name: 'Approve' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe('Approved by lou; a second officer must approve');
    expect(notice.className).toContain('alert--pending');
    const card = screen.getByTestId('withdrawal-request-11');
    expect((await within(card).findByRole('note')).textContent).toBe('Four eyesApproved by lou; a second officer must approve');
    within(card).getByText('Pending');
  });

  it('denies only with a reason', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/withdrawal-requests': page([PENDING]),
      'PUT /api/admin/withdrawal-requests/11/deny': { body: { withdrawal_request: { ...PENDING, status: 'denied' }, detail: 'Withdrawal request denied.' } },
    });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Deny Borin's withdrawal #11" }));
    const dialog = screen.getByRole('dialog', { name: 'Deny withdrawal request' });
    const deny = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Deny' });
    expect(deny.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason for denial'), { target: { value: 'Nobody online' } });
    fireEvent.click(deny);
    expect((await screen.findByRole('status')).textContent).toBe('Withdrawal request denied.');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/withdrawal-requests/11/deny?admin_notes=Nobody+online');
  });

  it('Escape closes the decision dialog without deciding', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/withdrawal-requests': page([PENDING]) });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Deny Borin's withdrawal #11" }));
    const dialog = screen.getByRole('dialog', { name: 'Deny withdrawal request' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(within(screen.getByTestId('withdrawal-request-11')).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Approve',
      'Deny',
    ]);
  });

  it("shows the server's 409 when the savings no longer cover it", async () => {
    const detail = "The player's savings no longer cover this withdrawal";
    mockFetch({
      'GET /api/admin/withdrawal-requests': page([PENDING]),
      'PUT /api/admin/withdrawal-requests/11/approve': { status: 409, body: { detail, code: 'not_covered', fields: {} } },
    });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error approving withdrawal: ${detail}`);
  });
});
