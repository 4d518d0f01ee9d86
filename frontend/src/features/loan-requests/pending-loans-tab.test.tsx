import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PendingLoansTab } from '@/features/loan-requests/pending-loans-tab';
import { makePendingLoan } from '@/testing/loan-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';

const BORIN = makePendingLoan({ id: 8, player_name: 'Borin', player_discord: 'borin.guild', user: 'Borin', request_reason: 'Expanding my farm' });

describe('Admin PendingLoansTab', () => {
  it('shows each waiting request with its terms', async () => {
    mockFetch({ 'GET /api/admin/pending-loans': { body: { pending_loans: [BORIN], count: 1 } } });
    renderWithProviders(<PendingLoansTab />);
    const card = await screen.findByTestId('pending-loan-8');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Borin');
    expect(within(card).getByText('Pending approval').className).toContain('badge--warning');
    expect(
      ['Amount', 'Interest Rate', 'Total to Pay', 'Duration', 'Requested By'].map((label) => definitionOf(card, label)),
    ).toEqual(['€500,000', '35% over 14 days · 2.50% a day', '€675,000', '14 days', 'Borin']);
    expect(card.textContent).toContain('Expanding my farm');
  });

  it('approves with optional notes and says so', async () => {
    let open = [BORIN];
    const { calls } = mockFetch({
      'GET /api/admin/pending-loans': () => ({ body: { pending_loans: open, count: open.length } }),
      'PUT /api/pending-loans/8/approve': () => {
        open = [];
        return { body: { pending_loan: { ...BORIN, status: 'approved' }, loan: null, detail: 'ok' } };
      },
    });
    renderWithProviders(<PendingLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's request #8" }));
    const dialog = screen.getByRole('dialog', { name: 'Approve loan request' });
    fireEvent.change(within(dialog).getByLabelText('Approval notes (optional)'), { target: { value: 'Good luck' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('status')).textContent).toBe('Pending loan approved and converted to active loan!');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/pending-loans/8/approve?admin_notes=Good+luck');
    expect((await screen.findByText('No pending loan requests')).className).toBe('empty-state__title');
    expect(screen.queryByTestId('pending-loan-8')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('promises an active loan only below the threshold, and says above it that a second officer must approve', async () => {
    mockFetch({
      'GET /api/admin/pending-loans': { body: { pending_loans: [BORIN, { ...BORIN, id: 9, value: 2_000_000 }], count: 2 } },
      'GET /api/admin/bank-settings': { body: { four_eyes_above: 1_000_000 } },
    });
    renderWithProviders(<PendingLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's request #8" }));
    let dialog = screen.getByRole('dialog', { name: 'Approve loan request' });
    expect((await within(dialog).findByText(/^It becomes/)).textContent).toMatch(
      /^It becomes an active loan starting today\. Unless .* more than the four-eyes threshold \(€1,000,000\): then your approval is recorded and a second officer must approve before the money moves\.$/,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: "Approve Borin's request #9" }));
    dialog = screen.getByRole('dialog', { name: 'Approve loan request' });
    expect(within(dialog).getByTestId('approval-consequence').textContent).toBe(
      'Above the four-eyes threshold (€1,000,000): your approval is recorded and a second officer must approve before the money moves.',
    );
    expect(dialog.textContent).not.toContain('active loan');
  });

  it('needs a reason to deny, then says Pending loan denied.', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/pending-loans': { body: { pending_loans: [BORIN], count: 1 } },
      'PUT /api/pending-loans/8/deny': { body: { pending_loan: { ...BORIN, status: 'denied' }, loan: null, detail: 'ok' } },
    });
    renderWithProviders(<PendingLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Deny Borin's request #8" }));
    const dialog = screen.getByRole('dialog', { name: 'Deny loan request' });
    const deny = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Deny' });
    expect(deny.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason for denial'), { target: { value: '   ' } });
    expect(deny.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Reason for denial'), { target: { value: 'Too much at once' } });
    fireEvent.click(deny);
    expect((await screen.findByRole('status')).textContent).toBe('Pending loan denied.');
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/pending-loans/8/deny?admin_notes=Too+much+at+once');
  });

  it("reports a failure as 'Error approving loan: ' and the server's detail", async () => {
    mockFetch({
      'GET /api/admin/pending-loans': { body: { pending_loans: [BORIN], count: 1 } },
      'PUT /api/pending-loans/8/approve': { status: 409, body: { detail: 'This loan request was already processed.', code: 'already_processed' } },
    });
    renderWithProviders(<PendingLoansTab />);
    fireEvent.click(await screen.findByRole('button', { name: "Approve Borin's request #8" }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error approving loan: This loan request was already processed.');
  });
});
