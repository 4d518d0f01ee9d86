import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WaitingTab } from '@/features/waiting/waiting-tab';
import type { Waiting, WaitingItem } from '@/features/waiting/api/use-waiting';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

function makeItem(overrides: Partial<WaitingItem> = {}): WaitingItem {
  return {
    kind: 'loan_request',
    kind_label: 'Loan request',
    id: 5,
    player_id: 7,
    player_name: 'Aria',
    summary: 'Loan request #5: €300,000',
    amount: 300_000,
    created_at: '2026-11-20T09:30:00Z',
    least_role: 'loan_officer',
    reason: '',
    not_before: null,
    approvals: [],
    ...overrides,
  };
}

function waitingOf(overrides: Partial<Waiting> = {}): Waiting {
  return { for_me: [], waiting_for_second: [], for_me_count: 0, waiting_for_second_count: 0, ...overrides };
}

afterEach(() => vi.unstubAllGlobals());

describe('Waiting for Me tab', () => {
  it('lists what I may decide: what it is, the player, the amount and since when', async () => {
    mockFetch({ 'GET /api/admin/waiting': { body: waitingOf({ for_me: [makeItem()], for_me_count: 1 }) } });
    renderWithProviders(<WaitingTab onOpenTab={() => {}} />);
    const card = await screen.findByTestId('waiting-for-me-loan_request-5');
    expect(within(card).getByRole('heading', { name: 'Loan request #5' })).not.toBeNull();
    expect(card.textContent).toContain('PlayerAria');
    expect(card.textContent).toContain('Amount€300,000');
    expect(card.textContent).toMatch(/Waiting Since20\u00a0Nov\u00a02026, \d\d:\d\d/);
    expect(screen.getByRole('heading', { name: 'For me to decide (1)' })).not.toBeNull();
    expect(screen.getByText('1 item for you to decide')).not.toBeNull();
  });

  it('opens the tab where each kind is decided', async () => {
    const items = [
      makeItem(),
      makeItem({ kind: 'withdrawal', kind_label: 'Withdrawal', id: 6 }),
      makeItem({ kind: 'exchange', kind_label: 'Pearl exchange', id: 7 }),
      makeItem({ kind: 'proposal', kind_label: 'Loan edit', id: 8 }),
    ];
    mockFetch({ 'GET /api/admin/waiting': { body: waitingOf({ for_me: items, for_me_count: 4 }) } });
    const onOpenTab = vi.fn();
    renderWithProviders(<WaitingTab onOpenTab={onOpenTab} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Open Pending Loans: Loan request #5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open Withdrawal Requests: Withdrawal #6' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open Pearl Exchange Requests: Pearl exchange #7' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open Four Eyes: Loan edit #8' }));
    expect(onOpenTab.mock.calls).toEqual([['pending-loans'], ['withdrawal-requests'], ['pearl-requests'], ['four-eyes']]);
  });

  it('lists apart what waits for a second officer, with who approved it first', async () => {
    const approved = makeItem({
      kind: 'withdrawal',
      kind_label: 'Withdrawal',
      id: 9,
      amount: 2_000_000,
      approvals: [{ officer: 'Ned of the Night Desk', at: '2026-11-20T10:00:00Z', notes: '' }],
    });
    mockFetch({ 'GET /api/admin/waiting': { body: waitingOf({ waiting_for_second: [approved], waiting_for_second_count: 1 }) } });
    renderWithProviders(<WaitingTab onOpenTab={() => {}} />);
    const second = await screen.findByTestId('waiting-second');
    const card = within(second).getByTestId('waiting-second-withdrawal-9');
    expect(within(card).getByRole('note').textContent).toBe('Four eyesApproved by Ned of the Night Desk; a second officer must approve');
    expect(within(screen.getByTestId('waiting-for-me')).getByText('Nothing waits for you')).not.toBeNull();
  });

  it('says what a change waiting as a proposal does, and why it waits', async () => {
    const change = makeItem({
      kind: 'proposal',
      kind_label: 'Loan edit',
      id: 11,
      summary: 'Edit loan #2: value €1,000,000 → €3,000,000',
      amount: 2_000_000,
      reason: 'Its effect of €2,000,000 is above the four-eyes threshold of €1,000,000',
    });
    mockFetch({ 'GET /api/admin/waiting': { body: waitingOf({ for_me: [change], for_me_count: 1 }) } });
    renderWithProviders(<WaitingTab onOpenTab={() => {}} />);
    const card = await screen.findByTestId('waiting-for-me-proposal-11');
    expect(card.textContent).toContain('Edit loan #2: value €1,000,000 → €3,000,000');
    expect(card.textContent).toContain('WhyIts effect of €2,000,000 is above the four-eyes threshold of €1,000,000');
    expect(card.textContent).toContain('Amount€2,000,000');
  });

  it('says how many there are when the server shows only the oldest', async () => {
    mockFetch({ 'GET /api/admin/waiting': { body: waitingOf({ for_me: [makeItem()], for_me_count: 51 }) } });
    renderWithProviders(<WaitingTab onOpenTab={() => {}} />);
    expect(await screen.findByText('The oldest 1 of 51 are shown.')).not.toBeNull();
  });

  it('says why it could not load', async () => {
    mockFetch({ 'GET /api/admin/waiting': { status: 500, body: { detail: 'Broken', code: 'server_error', fields: {} } } });
    renderWithProviders(<WaitingTab onOpenTab={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Error loading what waits for you: Broken');
  });

  it('shows the reference of a server error beside it, for a person to quote', async () => {
    mockFetch({
      'GET /api/admin/waiting': {
        status: 500,
        body: { detail: 'Broken', code: 'server_error', fields: {} },
        headers: { 'X-Request-ID': '7c0d9e8f-1a2b-4c3d-8e4f-5a6b7c8d9e0f' },
      },
    });
    renderWithProviders(<WaitingTab onOpenTab={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error loading what waits for you: Broken (Reference: 7c0d9e8f-1a2b-4c3d-8e4f-5a6b7c8d9e0f)',
    );
  });
});
