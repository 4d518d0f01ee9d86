import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OverviewTab } from '@/features/dashboard/overview-tab';
import type { Dashboard, DashboardStats } from '@/features/dashboard/api/use-dashboard-stats';
import type { BackupStatus } from '@/features/dashboard/backup-notice';
import { backupFileName } from '@/features/dashboard/api/download-backup';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { arrearsBookOf } from '@/testing/health-fixtures';

function makeStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    total_players: 12,
    bad_payers: 2,
    blocked_accounts: 1,
    solo_access_players: 1,
    new_clients: 9,
    old_clients: 3,
    active_loans: 5,
    total_loan_value: 2_600_000,
    total_to_pay: 3_380_000,
    total_outstanding: 2_900_000,
    total_loans: 7,
    total_lent: 3_100_000,
    paid_off_loans: 2,
    bad_payer_loans: 1,
    bad_payer_loans_value: 500_000,
    active_savings: 4,
    total_savings_value: 3_250_000,
    total_invested: 3_000_000,
    bad_payer_savings: 1,
    bad_payer_savings_value: 250_000,
    pending_loans: 3,
    pending_withdrawals: 1,
    pending_exchanges: 2,
    solo_dividends: 87_500,
    ...overrides,
  };
}

const CHECKED = 'Restored 1,204 rows in 14 tables into a scratch database; the books balance: 12 accounts checked.';

/** The daily backups as the server words them: last night's, checked, nothing to warn of. */
function backupOf(overrides: Partial<BackupStatus> = {}): BackupStatus {
  return {
    enabled: true,
    last_at: '2026-11-29T00:01:00Z',
    last_file: 'guild-bank-backup-v4-20261129-000100Z.json',
    last_size: 1_204_000,
    last_state: 'verified',
    last_detail: CHECKED,
    last_verified_at: '2026-11-29T00:01:00Z',
    stale: false,
    failed: false,
    warnings: [],
    ...overrides,
  };
}

function dashboardOf(stats: DashboardStats, backup: BackupStatus = backupOf()): Dashboard {
  return {
    stats,
    solo_dividends: stats.solo_dividends,
    pending_loans: [],
    withdrawal_requests: [],
    pearl_exchange_requests: [],
    bad_payers: [],
    backup,
    // none in arrears (the buckets' own test gives some)
    arrears: {
      open_loans: stats.active_loans,
      outstanding: stats.total_outstanding,
      principal_outstanding: 0,
      interest_outstanding: 0,
      arrears_loans: 0,
      arrears_amount: 0,
      arrears_outstanding: 0,
      portfolio_at_risk: 0,
      buckets: (['1_3', '4_7', '8_30', 'over_30'] as const).map((bucket) => ({
        bucket,
        title: bucket,
        least_days: 1,
        most_days: null,
        count: 0,
        amount: 0,
        outstanding: 0,
        share: 0,
      })),
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('Admin OverviewTab', () => {
  it("shows the arrears buckets with count, amount and share (portfolio at risk), and opens the Arrears list", async () => {
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: { ...dashboardOf(makeStats()), arrears: arrearsBookOf() } } });
    const opened: string[] = [];
    renderWithProviders(<OverviewTab onOpenTab={(tab) => opened.push(tab)} />);
    const buckets = await screen.findByRole('region', { name: 'Arrears by bucket' });
    expect(within(buckets).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'Days in arrearsLoansAmountPortfolio at risk',
      '1–3 days1€33310.00%',
      '4–7 days0€00.00%',
      '8–30 days0€00.00%',
      'Over 30 days1€9,99030.00%',
    ]);
    expect(screen.getByText(/open loans in arrears/).textContent).toBe('2 of 5 open loans in arrears: €10,323 overdue; portfolio at risk 40.00%.');
    fireEvent.click(screen.getByRole('button', { name: 'Open the Arrears list' }));
    expect(opened).toEqual(['arrears']);
  });

  it('says when no loan is in arrears', async () => {
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    expect((await screen.findByText(/No loan is in arrears/)).textContent).toBe('No loan is in arrears: 5 open, €2,900,000 outstanding.');
  });

  it('shows the four cards with the server’s figures', async () => {
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    const players = await screen.findByTestId('overview-players');
    expect(players.textContent).toBe('Total Players122 bad payers');
    expect(screen.getByTestId('overview-loans').textContent).toBe('Active Loans5€2,600,000 total value');
    expect(screen.getByTestId('overview-savings').textContent).toBe('Active Savings4€3,250,000 total value');
    expect(screen.getByTestId('overview-dividends').textContent).toBe('Solo Dividends€87,50035% Loan Interest from paid loans');
  });

  it('says how many Discord notifications wait for delivery', async () => {
    mockFetch({
      'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) },
      'GET /api/admin/notifications/undelivered': { body: { count: 3, oldest: '2026-11-20T09:30:00Z', enabled: true } },
    });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    const notice = await screen.findByTestId('undelivered-notice');
    expect(notice.textContent).toMatch(/^3 Discord notifications have not been delivered yet \(oldest queued .+\)\.$/);
    // the count-zero case (no notice at all) is UndeliveredNotice's own test
  });

  it('shows a banner per kind of pending request whose Review Now opens its tab', async () => {
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) } });
    const onOpenTab = vi.fn();
    renderWithProviders(<OverviewTab onOpenTab={onOpenTab} />);
    const loans = await screen.findByTestId('banner-pending-loans');
    expect(loans.textContent).toContain('3 pending loan requests waiting for review');
    expect(screen.getByTestId('banner-pending-withdrawals').textContent).toContain('1 pending withdrawal request waiting for review');
    expect(screen.getByTestId('banner-pending-exchanges').textContent).toContain('2 pending pearl exchange requests waiting for review');
    fireEvent.click(within(loans).getByRole('button', { name: 'Review Now: pending loans' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review Now: pending withdrawals' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review Now: pending pearl exchanges' }));
    expect(onOpenTab.mock.calls).toEqual([['pending-loans'], ['withdrawal-requests'], ['pearl-requests']]);
  });

  it('says how many items wait for me, and the line opens Waiting for Me', async () => {
    mockFetch({
      'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) },
      'GET /api/admin/waiting': { body: { for_me: [], waiting_for_second: [], for_me_count: 4, waiting_for_second_count: 1 } },
    });
    const onOpenTab = vi.fn();
    renderWithProviders(<OverviewTab onOpenTab={onOpenTab} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Waiting for me: 4' }));
    expect(onOpenTab).toHaveBeenCalledWith('waiting');
  });

  it('shows the Bad Payers Alert with their loan and savings totals, and Manage opens Bad Payers', async () => {
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) } });
    const onOpenTab = vi.fn();
    renderWithProviders(<OverviewTab onOpenTab={onOpenTab} />);
    const alert = await screen.findByTestId('banner-bad-payers');
    expect(alert.textContent).toContain('Bad Payers Alert: 2 bad payers');
    expect(alert.textContent).toContain('Active loans €500,000 · Savings €250,000');
    fireEvent.click(within(alert).getByRole('button', { name: 'Manage bad payers' }));
    expect(onOpenTab).toHaveBeenCalledWith('bad-payers');
  });

  it('shows no banner when nothing waits and nobody is a bad payer', async () => {
    const quiet = makeStats({ pending_loans: 0, pending_withdrawals: 0, pending_exchanges: 0, bad_payers: 0 });
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(quiet) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    expect((await screen.findByText('No requests waiting for review')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: /Review Now/ })).toBeNull();
    expect(screen.queryByTestId('banner-bad-payers')).toBeNull();
  });

  it('Quick Actions open New Player, Search Player and Add Product', async () => {
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) } });
    const onOpenTab = vi.fn();
    renderWithProviders(<OverviewTab onOpenTab={onOpenTab} />);
    fireEvent.click(await screen.findByRole('button', { name: 'New Player' }));
    fireEvent.click(screen.getByRole('button', { name: 'Search Player' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(onOpenTab.mock.calls).toEqual([['new-player'], ['search-player'], ['add-product']]);
  });

  it('Backup downloads the server’s file under its own name', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) } });
    const file = '{"format":"guild-bank-backup"}';
    const fetchMock = vi.mocked(fetch);
    const routed = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (typeof input === 'string' && input === '/api/backup') {
        calls.push({ method: 'GET', url: '/api/backup', headers: { ...(init?.headers as Record<string, string>) }, body: undefined });
        return new Response(file, { headers: { 'Content-Disposition': 'attachment; filename="guild-bank-backup-v1-20260101-120000Z.json"' } });
      }
      return routed!(input, init);
    });
    const createObjectURL = vi.fn(() => 'blob:backup');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Backup' }));
    const downloaded = await screen.findByText('Backup downloaded: guild-bank-backup-v1-20260101-120000Z.json');
    expect(downloaded.getAttribute('role')).toBe('status');
    expect(click).toHaveBeenCalledTimes(1);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(calls.some((call) => call.url === '/api/backup')).toBe(true);
    click.mockRestore();
  });

  it('says why a backup failed', async () => {
    mockFetch({
      'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) },
      'GET /api/backup': { status: 403, body: { detail: 'Only bank admins can do this.', code: 'permission_denied', fields: {} } },
    });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Backup' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Error downloading backup: Only bank admins can do this.'));
  });

  it('shows when the last daily backup was taken and what its check found', async () => {
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats()) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    const line = await screen.findByTestId('backup-status');
    expect(line.getAttribute('role')).toBe('status');
    expect(line.textContent).toMatch(/^Last backup 29\u00a0Nov\u00a02026, \d\d:\d\d, checked: Restored 1,204 rows/);
    expect(line.textContent).toContain('the books balance: 12 accounts checked.');
  });

  it('warns when the newest checked backup is older than 26 hours', async () => {
    const stale = backupOf({
      stale: true,
      warnings: [
        'The newest checked backup is 1 day 3 hours old, more than 26 hours: the daily backup has not run, or not passed its check, since.',
      ],
    });
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats(), stale) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.getAttribute('data-testid')).toBe('backup-status');
    expect(alert.textContent).toMatch(
      /^Backups need attention\. The newest checked backup is 1 day 3 hours old, more than 26 hours: .+since\.Last backup 29\u00a0Nov\u00a02026, \d\d:\d\d, checked: /,
    );
  });

  it('warns when the newest backup failed its check, naming the newest good one', async () => {
    const failed = backupOf({
      last_at: '2026-11-30T00:01:00Z',
      last_state: 'failed',
      last_detail: "Its check failed: The backup's books do not balance: Savings #3: The balance is €1. Nothing was restored.",
      failed: true,
      warnings: ["The last backup failed. Its check failed: The backup's books do not balance: Savings #3: The balance is €1. Nothing was restored."],
    });
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats(), failed) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.firstElementChild?.textContent).toBe(
      "Backups need attention. The last backup failed. Its check failed: The backup's books do not balance: Savings #3: The balance is €1. Nothing was restored.",
    );
    expect(alert.textContent).toMatch(/Last backup 30\u00a0Nov\u00a02026, \d\d:\d\d failed\. The newest that passed its check was taken 29\u00a0Nov\u00a02026, \d\d:\d\d\.$/);
  });

  it('says when the newest backup is being checked', async () => {
    const checking = backupOf({ last_at: '2026-11-30T00:01:00Z', last_state: 'checking', last_detail: '' });
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats(), checking) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    const line = await screen.findByTestId('backup-status');
    expect(line.getAttribute('role')).toBe('status');
    expect(line.textContent).toMatch(/^Last backup 30\u00a0Nov\u00a02026, \d\d:\d\d: being checked now\.$/);
  });

  it('warns when the daily backup is off', async () => {
    const off = backupOf({
      enabled: false,
      last_at: null,
      last_file: '',
      last_size: null,
      last_state: null,
      last_detail: '',
      last_verified_at: null,
      warnings: ['Daily backups are off: BANK_BACKUP_DIR is not set on the server. Set it to a folder on another machine’s disk or mount (README, Backups).'],
    });
    mockFetch({ 'GET /api/admin/dashboard-stats': { body: dashboardOf(makeStats(), off) } });
    renderWithProviders(<OverviewTab onOpenTab={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Backups need attention. Daily backups are off: BANK_BACKUP_DIR is not set on the server. Set it to a folder on another machine’s disk or mount (README, Backups).',
    );
  });

  it('names the backup after the server’s file name, else the day', () => {
    expect(backupFileName('attachment; filename="a-b.json"')).toBe('a-b.json');
    expect(backupFileName(null, new Date('2026-03-04T10:00:00Z'))).toBe('guild-bank-backup-2026-03-04.json');
  });
});
