import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PendingLoansTab } from '@/features/admin/pending-loans-tab';
import { makePendingLoan } from '@/lib/loan-fixtures';
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
