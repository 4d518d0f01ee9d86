import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '@/features/players';
import { makePendingLoan } from '@/testing/loan-fixtures';
import { MyPendingLoansTab } from '@/features/loan-requests/my-pending-loans-tab';
import { mockFetch } from '@/testing/fetch-mock';
import { formatDateTime } from '@/lib/dates';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { loanKeys } from '@/features/loans';
import { CAPABILITIES } from '@/testing/capabilities';

const ME: Me = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  enrolment_required: false,
  may: CAPABILITIES.player,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 60, client_type: 'new', bad_payer: false, has_solo_access: false },
};

function bankData(pending: unknown[]) {
  return { body: { player_id: 7, loans: [], savings: [], pending_loans: pending, solo_dividends: null } };
}

describe('MyPendingLoansTab', () => {
  it('shows the empty state with a way to the Request Loan tab', async () => {
    mockFetch({ 'GET /api/me/bank-data': bankData([]) });
    const onOpenRequest = vi.fn();
    renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={onOpenRequest} />);
    const empty = (await screen.findByText('You have no pending loan requests')).closest('.empty-state') as HTMLElement;
    expect(within(empty).getByText(/^Use the/).textContent).toBe('Use the Request Loan tab to ask for a loan.');
    fireEvent.click(screen.getByRole('button', { name: 'Request Loan' }));
    expect(onOpenRequest).toHaveBeenCalledTimes(1);
  });

  it('lists the requests in the order given (newest first) with badges and decisions', async () => {
    mockFetch({
      'GET /api/me/bank-data': bankData([
        makePendingLoan({ id: 123456789012, status: 'pending' }),
        makePendingLoan({
          id: 4,
          status: 'denied',
          value: 250_000,
          interest_rate: 0.3,
          total_to_pay: 325_000,
          admin_notes: 'Please finish your current loan first.',
          denied_by: 'admin',
          denied_date: '2025-03-04T12:00:00Z',
        }),
        makePendingLoan({
          id: 3,
          status: 'approved',
          admin_notes: 'Welcome aboard',
          approved_by: 'admin',
          approved_date: '2025-03-02T12:00:00Z',
          converted_loan_id: 9,
        }),
      ]),
    });
    renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={vi.fn()} />);
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Request #12345678',
      'Request #4',
      'Request #3',
    ]);
    const [pending, denied, approved] = cards as [HTMLElement, HTMLElement, HTMLElement];
    const badge = (card: HTMLElement) => card.querySelector('.badge');
    expect([pending, denied, approved].map((card) => [badge(card)?.textContent, badge(card)?.className])).toEqual([
      ['Pending approval', 'badge badge--warning'],
      ['Denied', 'badge badge--error'],
      ['Accepted', 'badge badge--success'],
    ]);
    expect(
      ['Amount Requested', 'Duration', 'Interest Rate', 'Total to Pay'].map((label) => definitionOf(pending, label)),
    ).toEqual(['€500,000', '14 days', '35% over 14 days · 2.50% a day', '€675,000']);
    expect(pending.querySelector('.item-card__reason')?.textContent).toBe('ReasonNew gear for the raid');

    const decision = (card: HTMLElement) => Array.from(card.querySelector('.decision')?.children ?? [], (line) => line.textContent);
    expect(decision(denied)).toEqual([
      `Denied by admin on ${formatDateTime('2025-03-04T12:00:00Z')}`,
      'Reason: Please finish your current loan first.',
    ]);
    expect(decision(approved)).toEqual([
      `Approved by admin on ${formatDateTime('2025-03-02T12:00:00Z')} and converted to loan #9`,
      'Note: Welcome aboard',
    ]);
  });

  it('shows a request the player cancelled as Cancelled, not as waiting', async () => {
    mockFetch({ 'GET /api/me/bank-data': bankData([makePendingLoan({ id: 5, status: 'cancelled' })]) });
    renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={vi.fn()} />);
    const card = await screen.findByRole('article');
    expect(card.querySelector('.badge')?.textContent).toBe('Cancelled');
    expect(Array.from(card.querySelector('.decision')?.children ?? [], (line) => line.textContent)).toEqual([
      'You cancelled this request',
    ]);
  });

  it('offers Retry when the banking data cannot be loaded', async () => {
    let attempts = 0;
    mockFetch({
      'GET /api/me/bank-data': () => {
        attempts += 1;
        return attempts === 1 ? { status: 500, body: { detail: 'Server error', code: 'error' } } : bankData([]);
      },
    });
    renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Server error');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByText(/^You have no/)).textContent).toBe('You have no pending loan requests');
  });

  it('cancels a pending request after asking in a dialog, once, and shows it cancelled', async () => {
    let status: 'pending' | 'cancelled' = 'pending';
    const { calls } = mockFetch({
      'GET /api/me/bank-data': () => bankData([makePendingLoan({ id: 5, status })]),
      'PUT /api/pending-loans/5/cancel': () => {
        status = 'cancelled';
        return { body: makePendingLoan({ id: 5, status }) };
      },
    });
    renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={vi.fn()} />);
    const card = await screen.findByRole('article');

    // keeping the request asks nothing of the server
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this request?' });
    expect(within(dialog).getByText(/^Your loan request #5/).textContent).toContain('will be withdrawn before an officer decides it');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep request' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    const confirm = within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel request' });
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const cancels = calls.filter((call) => call.method === 'PUT');
    expect(cancels.map((call) => call.url)).toEqual(['/api/pending-loans/5/cancel']);
    expect(cancels[0]?.headers['Idempotency-Key']).toMatch(/.+/);

    const cancelled = await screen.findByText('Cancelled');
    expect(cancelled.className).toBe('badge badge--neutral');
    expect(screen.getByText('You cancelled this request').closest('.decision')?.className).toBe('decision decision--cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it("shows the server's reason when an officer decided the request first, and refreshes the list", async () => {
    let status: 'pending' | 'approved' = 'pending';
    const { calls } = mockFetch({
      'GET /api/me/bank-data': () => bankData([makePendingLoan({ id: 5, status })]),
      'PUT /api/pending-loans/5/cancel': () => {
        status = 'approved';
        return { status: 409, body: { detail: 'This loan request was already processed.', code: 'already_processed', fields: {} } };
      },
    });
    renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This loan request was already processed.');
    expect(within(dialog).getByRole('button', { name: 'Yes, cancel request' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(calls.filter((call) => call.url === '/api/me/bank-data')).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByText('Accepted')).className).toBe('badge badge--success');
  });

  it('keeps an open dialog when an officer decides the request meanwhile, and says it can no longer be cancelled', async () => {
    let status: 'pending' | 'denied' = 'pending';
    const { calls } = mockFetch({ 'GET /api/me/bank-data': () => bankData([makePendingLoan({ id: 5, status })]) });
    const { queryClient } = renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={vi.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog');
    // the decision's notice refreshes the player's bank data
    status = 'denied';
    await act(() => queryClient.invalidateQueries({ queryKey: loanKeys.bankData() }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'An officer has decided this request meanwhile: it can no longer be cancelled.',
    );
    expect(within(dialog).getByRole('button', { name: 'Yes, cancel request' })).toHaveProperty('disabled', true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Denied', { selector: '.badge' }).className).toBe('badge badge--error');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('offers no cancel on a request already decided', async () => {
    mockFetch({
      'GET /api/me/bank-data': bankData([makePendingLoan({ id: 4, status: 'denied' }), makePendingLoan({ id: 3, status: 'approved' })]),
    });
    renderWithProviders(<MyPendingLoansTab me={ME} onOpenRequest={vi.fn()} />);
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });
});
