import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FourEyesTab } from '@/features/proposals/four-eyes-tab';
import { OfficerAccess } from '@/features/officers';
import { makeProposal } from '@/testing/proposal-fixtures';
import type { Proposal } from '@/features/proposals/api/use-proposals';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EDIT = makeProposal();
const RAISE = makeProposal({
  id: 12,
  kind: 'officer.role',
  kind_label: 'Officer role raised',
  player_id: null,
  player_name: '',
  object_type: 'officer',
  object_id: 9,
  object_label: 'Officer #9',
  summary: 'Raise Tess from Teller to Treasurer',
  effect: 0,
  reason: 'Raising a role needs a second treasurer',
  least_role: 'treasurer',
  proposed_by: 'Ada the Treasurer',
  not_before: '2026-06-02T10:00:00Z',
});

function page(rows: Proposal[]) {
  return { body: { count: rows.length, page: 1, page_size: 50, results: rows } };
}

describe('Admin FourEyesTab', () => {
  it('lists each waiting change in the server\'s words: what, for whom, its effect, who proposed it and why it waits', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/proposals': page([EDIT, RAISE]) });
    renderWithProviders(<FourEyesTab />);
    const edit = await screen.findByTestId('proposal-11');
    expect(calls[0].url).toBe('/api/admin/proposals?status=pending&page=1');
    expect(within(edit).getByRole('heading', { level: 3 }).textContent).toBe('Loan edit · Loan #2');
    expect(edit.textContent).toContain('Proposed by Lena the Lender');
    expect(within(edit).getByTestId('proposal-summary').textContent).toBe('Edit loan #2: value €1,000,000 → €3,000,000');
    expect(['Player', 'Effect', 'Decided by'].map((label) => definitionOf(edit, label))).toEqual(['Aria', '€2,000,000', 'Loan Officer or above']);
    expect(within(edit).getByTestId('proposal-reason').textContent).toBe(
      'Why two officersIts effect of €2,000,000 is above the four-eyes threshold of €1,000,000',
    );
    expect(within(edit).getByRole('note').textContent).toBe('Four eyesApproved by Lena the Lender; a second officer must approve');
    expect(within(edit).queryByTestId('proposal-not-before')).toBeNull();
    const raise = screen.getByTestId('proposal-12');
    expect(['Player', 'Decided by'].map((label) => definitionOf(raise, label))).toEqual(['The bank as a whole', 'A treasurer']);
    expect(within(raise).getByTestId('proposal-not-before').textContent).toMatch(/^Not before.+2026/);
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText(/waiting for a second officer$/).textContent).toBe('2 changes waiting for a second officer');
  });

  it('approves with optional notes and an idempotency key, then shows what the server carried out', async () => {
    let rows = [EDIT];
    const { calls } = mockFetch({
      'GET /api/admin/proposals': () => page(rows),
      'PUT /api/admin/proposals/11/approve': () => {
        rows = [];
        return { body: { proposal: { ...EDIT, status: 'carried_out' }, detail: `Carried out: ${EDIT.summary}` } };
      },
    });
    renderWithProviders(<FourEyesTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve change #11' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve change' });
    expect(dialog.textContent).toContain('effect €2,000,000, proposed by Lena the Lender');
    fireEvent.change(within(dialog).getByLabelText('Approval notes (optional)'), { target: { value: 'Checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe('Carried out: Edit loan #2: value €1,000,000 → €3,000,000');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/admin/proposals/11/approve?admin_notes=Checked');
    expect(put?.headers['Idempotency-Key']).toMatch(UUID);
    expect((await screen.findByText('Nothing waits for a second officer')).textContent).toBe('Nothing waits for a second officer');
  });

  it("shows the server's detail when this officer may not be the second (409)", async () => {
    mockFetch({
      'GET /api/admin/proposals': page([EDIT]),
      'PUT /api/admin/proposals/11/approve': {
        status: 409,
        body: { detail: 'You proposed this change: a second, different officer must approve it', code: 'same_officer' },
      },
    });
    renderWithProviders(<FourEyesTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve change #11' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error approving change: You proposed this change: a second, different officer must approve it',
    );
  });

  it('denies only with a reason, sent as the notes', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/proposals': page([EDIT]),
      'PUT /api/admin/proposals/11/deny': { body: { proposal: { ...EDIT, status: 'denied' }, detail: 'Proposal denied.' } },
    });
    renderWithProviders(<FourEyesTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Deny change #11' }));
    const dialog = screen.getByRole('dialog', { name: 'Deny change' });
    expect(within(dialog).getByRole('button', { name: 'Deny' })).toHaveProperty('disabled', true);
    fireEvent.change(within(dialog).getByLabelText('Reason for denial'), { target: { value: 'Too much' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    expect((await screen.findByRole('status')).textContent).toBe('Proposal denied.');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/admin/proposals/11/deny?admin_notes=Too+much');
  });

  it('offers Approve and Deny only to the roles the proposal names', async () => {
    mockFetch({ 'GET /api/admin/proposals': page([EDIT, RAISE]) });
    renderWithProviders(
      <OfficerAccess.Provider value={asOfficer('loan_officer')}>
        <FourEyesTab />
      </OfficerAccess.Provider>,
    );
    const edit = await screen.findByTestId('proposal-11');
    expect(within(edit).getAllByRole('button').map((button) => button.textContent)).toEqual(['Approve', 'Deny']);
    expect(within(screen.getByTestId('proposal-12')).queryAllByRole('button')).toEqual([]);
  });

  it('says so when nothing waits', async () => {
    mockFetch({ 'GET /api/admin/proposals': page([]) });
    renderWithProviders(<FourEyesTab />);
    expect((await screen.findByText('Nothing waits for a second officer')).parentElement?.textContent).toContain(
      "An officer's change above the four-eyes threshold shows here.",
    );
    expect(screen.queryAllByRole('article')).toEqual([]);
  });
});
