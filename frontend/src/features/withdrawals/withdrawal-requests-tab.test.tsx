import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithdrawalRequestsTab } from '@/features/withdrawals/withdrawal-requests-tab';
import { MyOfficerNameProvider, OfficerAccess } from '@/features/officers';
import { makeWithdrawal } from '@/testing/savings-fixtures';
import type { WithdrawalOfficer } from '@/lib/savings';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';
import { asOfficer } from '@/testing/officers';

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
    const approvals = [{ officer: 'Lou', at: '2026-06-01T10:00:00Z', notes: '' }];
    let rows = [PENDING];
    mockFetch({
      'GET /api/admin/withdrawal-requests': () => page(rows),
      'PUT /api/admin/withdrawal-requests/11/approve': () => {
        rows = [{ ...PENDING, approvals }];
        return {
          status: 202,
          body: {
            status: 'awaiting_second_approval',
            approvals,
            reason: '€150,000 is above the four-eyes threshold (€100,000)',
            detail: 'Approved by Lou; a second officer must approve',
          },
        };
      },
    });
    // the officer signed in as "lou.login": their approvals carry their display name, "Lou"
    renderWithProviders(<WithdrawalRequestsTab />, { wrap: (node) => <MyOfficerNameProvider username="lou.login">{node}</MyOfficerNameProvider> });
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Approve withdrawal request' })).getByRole('button', { name: 'Approve' }));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(
      'Your approval is recorded; a second officer must approve before the money moves: €150,000 is above the four-eyes threshold (€100,000). Approved by Lou; a second officer must approve.',
    );
    expect(notice.className).toContain('alert--pending');
    const card = screen.getByTestId('withdrawal-request-11');
    expect((await within(card).findAllByRole('note'))[0].textContent).toBe('Four eyesApproved by Lou; a second officer must approve');
    within(card).getByText('Pending');
    // the officer who approved waits for another: no Approve, who approved and when, and Deny still theirs
    const waiting = within(card).getByRole('note', { name: "Waiting for a second officer on Borin's withdrawal #11" });
    expect(waiting.textContent).toBe(
      `Waiting for a second officerApproved by you (Lou) on ${day('1 Jun 2026')}, ${new Date('2026-06-01T10:00:00Z').toLocaleTimeString('en-GB', { timeStyle: 'short' })}; another officer must approve before it is carried out.`,
    );
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Deny']);
  });

  it("learns from the server's 409 that the one approval a request shows is the officer's own", async () => {
    // signed in again: the panel does not know yet that "Lou" is this officer
    const approvals = [{ officer: 'Lou', at: '2026-06-01T10:00:00Z', notes: '' }];
    const detail = 'You have already approved this request: a second officer must approve it';
    mockFetch({
      'GET /api/admin/withdrawal-requests': page([{ ...PENDING, approvals }]),
      'PUT /api/admin/withdrawal-requests/11/approve': { status: 409, body: { detail, code: 'already_approved_by_you', fields: {} } },
    });
    renderWithProviders(<WithdrawalRequestsTab />, { wrap: (node) => <MyOfficerNameProvider username="lou.login">{node}</MyOfficerNameProvider> });
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Approve withdrawal request' })).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Error approving withdrawal: ${detail}`);
    const card = screen.getByTestId('withdrawal-request-11');
    within(card).getByRole('note', { name: "Waiting for a second officer on Borin's withdrawal #11" });
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Deny']);
  });

  it('says before sending that an approval above the threshold waits for a second officer', async () => {
    mockFetch({
      'GET /api/admin/withdrawal-requests': page([PENDING]),
      'GET /api/admin/bank-settings': { body: { four_eyes_above: 100_000 } },
    });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    const dialog = screen.getByRole('dialog', { name: 'Approve withdrawal request' });
    expect((await within(dialog).findByText(/^Above/)).textContent).toBe(
      'Above the four-eyes threshold (€100,000): your approval is recorded and a second officer must approve before the money moves.',
    );
    expect(dialog.textContent).not.toContain('leaves their savings');
  });

  it('says below the threshold that the amount leaves their savings, unless four eyes apply', async () => {
    mockFetch({
      'GET /api/admin/withdrawal-requests': page([PENDING]),
      'GET /api/admin/bank-settings': { body: { four_eyes_above: 1_000_000 } },
    });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    const dialog = screen.getByRole('dialog', { name: 'Approve withdrawal request' });
    expect((await within(dialog).findByText(/^The amount leaves/)).textContent).toBe(
      "The amount leaves their savings, oldest first. Unless the player's requests, or what you decided alone for them, in the last 24 hours come to more than the four-eyes threshold (€1,000,000): then your approval is recorded and a second officer must approve before the money moves.",
    );
  });

  it("says that a second officer's approval carries out what another approved", async () => {
    const approvals = [{ officer: 'Lou', at: '2026-06-01T10:00:00Z', notes: '' }];
    mockFetch({
      'GET /api/admin/withdrawal-requests': page([{ ...PENDING, amount: 2_000_000, approvals }]),
      'GET /api/admin/bank-settings': { body: { four_eyes_above: 1_000_000 } },
    });
    renderWithProviders(<WithdrawalRequestsTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's withdrawal #11" }));
    const dialog = screen.getByRole('dialog', { name: 'Approve withdrawal request' });
    expect(within(dialog).getByTestId('approval-consequence').textContent).toMatch(
      /^Lou approved it on 1\u00a0Jun\u00a02026, \d\d:\d\d; your approval as the second officer carries it out\. The amount leaves their savings, oldest first\.$/,
    );
  });

  it('lists every approver of a decided withdrawal with their times and notes', async () => {
    const approved: WithdrawalOfficer = {
      ...makeWithdrawal({ id: 12, status: 'approved', decided_by: 'Mara', decided_at: '2026-06-01T10:15:00Z' }),
      approvals: [
        { officer: 'Lou', at: '2026-06-01T10:02:00Z', notes: 'Checked in game' },
        { officer: 'Mara', at: '2026-06-01T10:15:00Z', notes: '' },
      ],
    };
    mockFetch({ 'GET /api/admin/withdrawal-requests': page([approved]) });
    renderWithProviders(<WithdrawalRequestsTab />);
    const card = await screen.findByTestId('withdrawal-request-12');
    const time = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { timeStyle: 'short' });
    expect(within(card).getByTestId('approvers').textContent).toBe(
      `ApproversApproved by Lou (${day('1 Jun 2026')}, ${time('2026-06-01T10:02:00Z')}: 'Checked in game') and Mara (${day('1 Jun 2026')}, ${time('2026-06-01T10:15:00Z')})`,
    );
  });

  it('tells a teller who decides the requests, and shows them no buttons', async () => {
    mockFetch({ 'GET /api/admin/withdrawal-requests': page([PENDING]) });
    renderWithProviders(<WithdrawalRequestsTab />, { wrap: (node) => <OfficerAccess.Provider value={asOfficer('teller')}>{node}</OfficerAccess.Provider> });
    const card = await screen.findByTestId('withdrawal-request-11');
    expect(screen.getAllByRole('note')[0].textContent).toBe('Loan officers and treasurers decide these requests; you can read them.');
    expect(within(card).queryAllByRole('button')).toEqual([]);
  });

  it('shows a loan officer no note of who decides', async () => {
    mockFetch({ 'GET /api/admin/withdrawal-requests': page([PENDING]) });
    renderWithProviders(<WithdrawalRequestsTab />, { wrap: (node) => <OfficerAccess.Provider value={asOfficer('loan_officer')}>{node}</OfficerAccess.Provider> });
    await screen.findByTestId('withdrawal-request-11');
    expect(screen.queryByRole('note')).toBeNull();
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
