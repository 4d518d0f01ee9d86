import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckSavingsTab } from '@/features/savings/check-savings-tab';
import { weekChangedMessage } from '@/features/savings/savings-payment-actions';
import { makeLoanLimits } from '@/testing/loan-fixtures';
import { makeSavings, makeSavingsRow } from '@/testing/savings-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { day } from '@/testing/text';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CHECK = {
  count: 1,
  page: 1,
  page_size: 50,
  counters: { overdue: 4, due_today: 2, upcoming: 9, total_value: 3_250_000 },
  savings: [makeSavingsRow()],
};

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'GET /api/admin/savings/check': { body: CHECK }, 'GET /api/loans/limits': { body: makeLoanLimits() }, ...extra });
}

describe('Admin CheckSavingsTab', () => {
  it("shows the server's counters and each account's week", async () => {
    routes();
    renderWithProviders(<CheckSavingsTab />);
    const counters = await screen.findByLabelText('Active savings this week');
    expect(['Overdue', 'Due Today', 'Upcoming', 'Total Saved (Active)'].map((label) => definitionOf(counters, label))).toEqual([
      '4',
      '2',
      '9',
      '€3,250,000',
    ]);
    const card = screen.getByTestId('check-savings-3');
    expect(['Principal', 'Weekly Rate', 'Weekly Payment Due', 'Next Payment Date'].map((label) => definitionOf(card, label))).toEqual([
      '€500,000',
      '7%',
      '€37,450',
      day('15 Mar 2025'),
    ]);
    expect(within(card).getByTestId('listing-status').textContent).toBe('Week 2 overdue since 15 Mar 2025');
    expect(within(card).getByTestId('listing-status').className).toContain('badge--error');
  });

  it("marks the due week and shows the server's answer", async () => {
    const { calls } = routes({
      'POST /api/savings/3/payment': {
        body: { detail: 'Savings payment processed as Not Paid. Solo gained €0', savings: makeSavings(), solo_gain: 0, reverted: false },
      },
    });
    renderWithProviders(<CheckSavingsTab />);
    const card = await screen.findByTestId('check-savings-3');
    fireEvent.click(within(card).getByRole('button', { name: 'Mark Not Paid' }));
    expect((await within(card).findByRole('status')).textContent).toBe('Savings payment processed as Not Paid. Solo gained €0');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/savings/3/payment?payment_status=Not+Paid');
    expect(post?.headers['Idempotency-Key']).toMatch(UUID);
  });

  it('auto-processes the overdue weeks after a confirmation naming how many accounts, and shows the result', async () => {
    const { calls } = routes({
      'POST /api/admin/savings/auto-process-overdue': {
        body: { processed_count: 7, accounts_count: 3, total_solo_gain: 0, detail: 'Processed 7 overdue weeks in 3 savings accounts' },
      },
    });
    renderWithProviders(<CheckSavingsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Auto-Process Overdue' }));
    const dialog = screen.getByRole('dialog', { name: 'Auto-process overdue savings?' });
    expect(within(dialog).getByTestId('auto-process-summary').textContent).toContain('Every overdue week of 4 savings accounts is marked Not Paid');
    expect(calls.some((call) => call.method === 'POST')).toBe(false); // nothing sent before the confirmation
    fireEvent.click(within(dialog).getByRole('button', { name: 'Process Overdue Weeks' }));
    expect((await screen.findByRole('status')).textContent).toBe('Processed 7 overdue weeks in 3 savings accounts');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Cancel in the confirmation sends nothing', async () => {
    const { calls } = routes();
    renderWithProviders(<CheckSavingsTab />);
    fireEvent.click(await screen.findByRole('button', { name: 'Auto-Process Overdue' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('turns Auto-Process Overdue off, saying why, when no account is overdue', async () => {
    routes({ 'GET /api/admin/savings/check': { body: { ...CHECK, counters: { ...CHECK.counters, overdue: 0 } } } });
    renderWithProviders(<CheckSavingsTab />);
    const button = await screen.findByRole('button', { name: 'Auto-Process Overdue' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('aria-describedby')).toBe('auto-process-none');
    expect(document.getElementById('auto-process-none')?.textContent).toBe(
      'Auto-Process Overdue is off: no savings account has an overdue week.',
    );
  });

  it('refuses a start date not written YYYY-MM-DD, and shows the weeks in History', async () => {
    const { calls } = routes({ 'GET /api/savings/3': { body: makeSavings() } });
    renderWithProviders(<CheckSavingsTab />);
    const card = await screen.findByTestId('check-savings-3');
    fireEvent.click(within(card).getByRole('button', { name: 'Change Date' }));
    fireEvent.change(within(card).getByLabelText('New start date (YYYY-MM-DD)'), { target: { value: '' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Date' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Invalid date format. Please use YYYY-MM-DD');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'History' }));
    const history = await within(card).findByRole('region', { name: 'Payment history of savings #3' });
    expect((await within(history).findByText('Not Paid')).className).toContain('badge--error');
    expect(history.textContent).toContain('+€35,000 compounded');
  });

  it('changes the latest recorded week after a confirmation and says the interest was taken back', async () => {
    const { calls } = routes({
      'POST /api/savings/3/payment': {
        body: { week: 1, status: 'Paid', changed: true, reverted: true, balance_change: -35_000, detail: 'Savings payment processed as Paid. Solo gained €0' },
      },
    });
    renderWithProviders(<CheckSavingsTab />);
    const card = await screen.findByTestId('check-savings-3');
    const latest = within(card).getByRole('group', { name: 'Latest recorded week of savings #3' });
    expect(latest.textContent).toContain(`Latest recorded: week 1 · due ${day('8 Mar 2025')}`);
    fireEvent.click(within(latest).getByRole('button', { name: 'Change to Paid' }));
    const dialog = screen.getByRole('dialog', { name: 'Change week 1 of savings #3 to Paid?' });
    expect(dialog.textContent).toContain('takes that €35,000 back out of the balance');
    expect(calls.some((call) => call.method === 'POST')).toBe(false); // nothing sent before the confirmation
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change to Paid' }));
    expect((await within(card).findByRole('status')).textContent).toBe(
      'Week 1 changed to Paid: the €35,000 of interest it had added was taken back out of the balance.',
    );
    expect(calls.find((call) => call.method === 'POST')?.url).toBe('/api/savings/3/payment?payment_status=Paid&week=1');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no change before any week is recorded', async () => {
    routes({ 'GET /api/admin/savings/check': { body: { ...CHECK, savings: [makeSavingsRow({ latest_week: null, next_week: 1 })] } } });
    renderWithProviders(<CheckSavingsTab />);
    const card = await screen.findByTestId('check-savings-3');
    expect(within(card).queryByRole('button', { name: /^Change to / })).toBeNull();
    expect(within(card).getAllByRole('button').map((button) => button.textContent)).toEqual(['Mark Paid', 'Mark Not Paid', 'Change Date', 'History']);
  });
});

describe('weekChangedMessage', () => {
  it('says what changing a week did to the balance, in the words of the answer', () => {
    const answer = { week: 4, status: 'Not Paid' as const, changed: true, reverted: false, balance_change: 21_000 };
    expect(weekChangedMessage(answer)).toBe('Week 4 changed to Not Paid: its interest of €21,000 was added to the balance.');
    expect(weekChangedMessage({ ...answer, changed: false, balance_change: 0 })).toBe('Week 4 was already Not Paid: nothing changed.');
  });
});
