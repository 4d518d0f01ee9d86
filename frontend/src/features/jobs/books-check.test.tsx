import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BooksCheckNotice } from '@/features/jobs/books-check';
import { DailyJobs } from '@/features/jobs/daily-jobs';
import { jobKeys } from '@/features/jobs/api/keys';
import { ASKED_RUN_POLL_MS } from '@/features/jobs/api/use-jobs';
import { OfficerAccess } from '@/features/officers';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const difference = {
  account: 'savings',
  account_id: 12,
  label: 'Savings #12',
  player_id: 3,
  player_name: 'Aria',
  stored: 999_999_999,
  from_entries: 300_000,
  what: 'The balance is €999,999,999, its entries add up to €300,000.',
};

const ruleBroken = {
  account: 'rule:approvals',
  account_id: null,
  label: 'Withdrawal #4',
  player_id: 3,
  player_name: 'Aria',
  stored: 0,
  from_entries: 0,
  what: 'Paid out €2,000,000 with one approval.',
};

const BALANCED = 'The books balance: 1,234 accounts checked.';
const DIFFERS = '1 difference in 40 accounts checked: Savings #12: The balance is €999,999,999, its entries add up to €300,000.';

function job(overrides: Record<string, unknown> = {}) {
  return {
    name: 'reconcile',
    title: 'Books check (reconcile)',
    last_started_at: '2026-11-24T03:00:00Z',
    last_finished_at: '2026-11-24T03:00:05Z',
    last_succeeded_at: '2026-11-24T03:00:05Z',
    last_outcome: BALANCED,
    last_error: '',
    running: false,
    requested_at: null,
    next_run_on: '2026-11-25',
    ...overrides,
  };
}

const jobs = (overrides: Record<string, unknown> = {}) => ({ body: { results: [job(overrides)] } });
const reconcile = (differences: unknown[], accounts = 1234) => ({
  body: { checked_at: '2026-11-24T03:00:05Z', accounts_checked: accounts, differences },
});
const query = (call: MockCall) => new URL(call.url, 'http://bank').searchParams;

describe('BooksCheckNotice', () => {
  it("says the reconcile job's outcome, word for word as the Daily Jobs card", async () => {
    mockFetch({ 'GET /api/admin/jobs': jobs(), 'GET /api/admin/reconcile': reconcile([]) });
    renderWithProviders(
      <>
        <BooksCheckNotice />
        <DailyJobs />
      </>,
    );
    const box = await screen.findByTestId('books-check');
    await waitFor(() => expect(within(box).getByTestId('books-status-text').textContent).toBe(BALANCED));
    expect(within(box).getByTestId('books-status-text').closest('p')?.className).toBe('all-clear');
    expect(screen.getByTestId('job-reconcile').textContent).toContain(`. ${BALANCED}`);
    expect(within(box).getByText(/^Last checked/).textContent).toMatch(/^Last checked 24\u00a0Nov\u00a02026/);
  });

  it('turns red, names each difference and opens the ledger of its account', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/jobs': jobs({ last_outcome: DIFFERS }),
      'GET /api/admin/reconcile': reconcile([difference, ruleBroken], 40),
      'GET /api/admin/ledger': {
        body: {
          count: 2,
          page: 1,
          page_size: 50,
          balance: 300_000,
          entries: [
            {
              id: 91,
              created_at: '2026-11-20T10:00:00Z',
              amount: 100_000,
              direction: 'out',
              from_account: 'savings',
              from_id: 12,
              to_account: 'player',
              to_id: 3,
              reason: 'withdrawal',
              reason_label: 'Withdrawal',
              player_id: 3,
              cause_type: 'withdrawal',
              cause_id: 4,
              actor: 'Ada the Treasurer',
              decision_id: null,
              notes: '',
            },
            {
              id: 90,
              created_at: '2026-11-01T10:00:00Z',
              amount: 400_000,
              direction: 'in',
              from_account: 'player',
              from_id: 3,
              to_account: 'savings',
              to_id: 12,
              reason: 'deposit',
              reason_label: 'Deposit',
              player_id: 3,
              cause_type: '',
              cause_id: null,
              actor: '',
              decision_id: null,
              notes: 'opening deposit',
            },
          ],
        },
      },
    });
    renderWithProviders(
      <>
        <BooksCheckNotice />
        <DailyJobs />
      </>,
    );
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(within(alert).getByTestId('books-status-text').textContent).toBe(`The books do not balance. ${DIFFERS}`));
    expect(alert.className).toContain('alert--error');
    expect(screen.getByTestId('job-reconcile').textContent).toContain(`. ${DIFFERS}`);
    const items = within(alert).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Savings #12 (Aria): The balance is €999,999,999, its entries add up to €300,000.');
    // a broken rule has no account of its own to open
    expect(within(items[1]).queryByRole('button')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Ledger entries of Savings #12' }));
    const dialog = screen.getByRole('dialog', { name: 'Ledger: Savings #12' });
    expect((await within(dialog).findByTestId('ledger-balance')).textContent).toBe('Its entries add up to €300,000.');
    const ledgerCall = calls.find((call) => call.url.startsWith('/api/admin/ledger'));
    expect(ledgerCall && [query(ledgerCall).get('account'), query(ledgerCall).get('account_id')]).toEqual(['savings', '12']);
    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Withdrawal', '−€100,000', 'Ada the Treasurer'],
      ['Depositopening deposit', '+€400,000', 'system'],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the books were never checked', async () => {
    mockFetch({
      'GET /api/admin/jobs': jobs({ last_outcome: '', last_started_at: null, last_succeeded_at: null }),
      'GET /api/admin/reconcile': { body: { checked_at: null, accounts_checked: 0, differences: [] } },
    });
    renderWithProviders(<BooksCheckNotice />);
    expect((await screen.findByTestId('books-status-text')).textContent).toBe(
      'The books have not been checked yet: the daily check runs by itself.',
    );
  });

  it('lets a treasurer ask for a check now, says when it runs, and follows the jobs notice', async () => {
    let state: 'idle' | 'asked' | 'done' = 'idle';
    const { calls } = mockFetch({
      'GET /api/admin/jobs': () =>
        state === 'idle'
          ? jobs()
          : state === 'asked'
            ? jobs({ requested_at: '2026-11-24T09:00:00Z' })
            : jobs({ last_outcome: 'The books balance: 1,240 accounts checked.' }),
      'GET /api/admin/reconcile': reconcile([]),
      'POST /api/admin/reconcile/run': () => {
        state = 'asked';
        return { status: 202, body: { requested_at: '2026-11-24T09:00:00Z', detail: 'The books will be checked within a minute.' } };
      },
    });
    const { queryClient } = renderWithProviders(
      <>
        <BooksCheckNotice />
        <DailyJobs />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Check the books now' });
    fireEvent.click(button);
    expect((await screen.findByText('The books will be checked within a minute.')).getAttribute('role')).toBe('status');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual(['/api/admin/reconcile/run']);
    expect((await screen.findByText(/^A check was asked for/)).textContent).toMatch(/: it runs within a minute\.$/);
    expect(button).toHaveProperty('disabled', true);
    expect(screen.getByTestId('job-reconcile').textContent).toContain('runs within a minute');

    // the run ends: its `jobs` notice refreshes the jobs, and the books status with them
    state = 'done';
    await act(() => queryClient.invalidateQueries({ queryKey: jobKeys.all }));
    await waitFor(() => expect(screen.getByTestId('books-status-text').textContent).toBe('The books balance: 1,240 accounts checked.'));
    expect(screen.getByTestId('job-reconcile').textContent).toContain('. The books balance: 1,240 accounts checked.');
    expect(screen.queryByText(/^A check was asked for/)).toBeNull();
    expect(button).toHaveProperty('disabled', false);
  });

  it('learns the outcome of an asked-for check by itself when no notice comes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let state: 'asked' | 'done' = 'asked';
      mockFetch({
        'GET /api/admin/jobs': () =>
          state === 'asked' ? jobs({ requested_at: '2026-11-24T09:00:00Z' }) : jobs({ last_outcome: 'The books balance: 1,240 accounts checked.' }),
        'GET /api/admin/reconcile': reconcile([]),
      });
      renderWithProviders(<BooksCheckNotice />);
      expect((await screen.findByText(/^A check was asked for/)).textContent).toMatch(/: it runs within a minute\.$/);
      state = 'done';
      await act(() => vi.advanceTimersByTimeAsync(ASKED_RUN_POLL_MS));
      await waitFor(() => expect(screen.queryByText(/^A check was asked for/)).toBeNull());
      expect(screen.getByRole('button', { name: 'Check the books now' })).toHaveProperty('disabled', false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers the check only to treasurers', async () => {
    mockFetch({ 'GET /api/admin/jobs': jobs(), 'GET /api/admin/reconcile': reconcile([]) });
    renderWithProviders(
      <OfficerAccess.Provider value={asOfficer('loan_officer')}>
        <BooksCheckNotice />
      </OfficerAccess.Provider>,
    );
    await waitFor(() => expect(screen.getByTestId('books-status-text').textContent).toBe(BALANCED));
    expect(screen.queryByRole('button', { name: 'Check the books now' })).toBeNull();
  });

  it("shows the server's detail when the check cannot be asked for", async () => {
    mockFetch({
      'GET /api/admin/jobs': jobs(),
      'GET /api/admin/reconcile': reconcile([]),
      'POST /api/admin/reconcile/run': { status: 403, body: { detail: 'Only a treasurer may do this.', code: 'forbidden', fields: {} } },
    });
    renderWithProviders(<BooksCheckNotice />);
    fireEvent.click(await screen.findByRole('button', { name: 'Check the books now' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error asking for a books check: Only a treasurer may do this.');
  });
});
