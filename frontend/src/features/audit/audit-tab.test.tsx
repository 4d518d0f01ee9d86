import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditTab } from '@/features/audit/audit-tab';
import type { AuditEntry } from '@/features/audit/api/use-audit';
import { changedFields, formatAuditValue } from '@/features/audit/audit-format';
import { PlayerAuditList } from '@/features/audit/player-audit-list';
import { mockFetch, type MockCall } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { formatDateTime } from '@/lib/dates';
import { day } from '@/testing/text';

const KINDS = [
  { kind: 'loan.days_changed', label: 'Loan days changed' },
  { kind: 'player.unblocked', label: 'Player unblocked' },
];

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    created_at: '2026-11-23T09:00:00Z',
    actor_id: 1,
    actor_name: 'admin',
    kind: 'loan.days_changed',
    kind_label: 'Loan days changed',
    object_type: 'loan',
    object_id: 5,
    object_label: 'Loan #5',
    player_id: 7,
    player_name: 'Borin',
    before: { total_days: 10, daily_payment: 130000 },
    after: { total_days: 20, daily_payment: 65000 },
    field_kinds: { daily_payment: 'money' },
    ...overrides,
  };
}

const OFFICERS = [
  { username: 'admin', display_name: 'Ada the Treasurer', active: true },
  { username: 'lou', display_name: 'Lou', active: true },
  { username: 'teller', display_name: 'teller', active: true },
  { username: 'old', display_name: 'Old Timer', active: false },
];

function page(entries: AuditEntry[], { count = entries.length, pageNumber = 1, pageSize = 50 } = {}) {
  return { body: { entries, count, page: pageNumber, page_size: pageSize, kinds: KINDS, officers: OFFICERS } };
}

const query = (call: MockCall) => new URL(call.url, 'http://bank').searchParams;

describe('Admin AuditTab', () => {
  it('shows who did what, when, to whom, with the values before and after', async () => {
    mockFetch({ 'GET /api/admin/audit': page([entry()]) });
    renderWithProviders(<AuditTab />);
    const card = await screen.findByTestId('audit-entry-1');
    expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe('Loan days changed');
    expect(card.textContent).toContain('by admin');
    expect(card.textContent).toContain('Loan #5');
    const rows = within(card)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['FieldBeforeAfter', 'total days1020', 'daily payment€130,000€65,000']);
    expect(screen.getByText('Showing 1 of 1 entry').className).toBe('muted');
  });

  it('filters by kind and by player on the server', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/audit': page([entry()]) });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-entry-1');
    const kinds = screen.getByLabelText<HTMLSelectElement>('Action');
    expect([...kinds.options].map((option) => option.textContent)).toEqual(['All actions', 'Loan days changed', 'Player unblocked']);
    fireEvent.change(kinds, { target: { value: 'player.unblocked' } });
    await waitFor(() => expect(calls.some((call) => query(call).get('kind') === 'player.unblocked')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: "Show only Borin's entries" }));
    expect(screen.getByLabelText<HTMLInputElement>('Player ID').value).toBe('7');
    await waitFor(() =>
      expect(calls.some((call) => query(call).get('player_id') === '7' && query(call).get('kind') === 'player.unblocked')).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByLabelText<HTMLInputElement>('Player ID').value).toBe('');
  });

  it('filters by an officer picked from the server\'s list (?officer=username), and clears it', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/audit': (call) =>
        query(call).get('officer') === 'lou' ? page([entry({ id: 3, actor_name: 'lou' })]) : page([entry()]),
    });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-entry-1');
    expect(calls.every((call) => !query(call).has('officer'))).toBe(true);
    const officers = screen.getByLabelText<HTMLSelectElement>('Officer');
    expect([...officers.options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Every officer'],
      ['admin', 'Ada the Treasurer (admin)'],
      ['lou', 'Lou (lou)'],
      ['teller', 'teller'],
      ['old', 'Old Timer (old) · inactive'],
    ]);
    fireEvent.change(officers, { target: { value: 'lou' } });
    await screen.findByTestId('audit-entry-3');
    expect(screen.queryByTestId('audit-entry-1')).toBeNull();
    expect(calls.filter((call) => query(call).get('officer') === 'lou').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(officers.value).toBe('');
    await screen.findByTestId('audit-entry-1');
  });

  it("filters by part of a player's name and by a range of days on the server", async () => {
    const { calls } = mockFetch({ 'GET /api/admin/audit': page([entry()]) });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-entry-1');
    // the list and the pickers share the first, unfiltered page
    expect(calls).toHaveLength(1);
    fireEvent.change(screen.getByLabelText('Player name'), { target: { value: ' bor ' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-23' } });
    await waitFor(() =>
      expect(
        calls.some(
          (call) => query(call).get('player') === 'bor' && query(call).get('date_from') === '2026-11-01' && query(call).get('date_to') === '2026-11-23',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(['Player name', 'From', 'To'].map((label) => screen.getByLabelText<HTMLInputElement>(label).value)).toEqual(['', '', '']);
  });

  it('loads the next page when asked', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/audit': (call) =>
        query(call).get('page') === '2'
          ? page([entry({ id: 2, kind_label: 'Player unblocked' })], { count: 2, pageNumber: 2, pageSize: 1 })
          : page([entry()], { count: 2, pageSize: 1 }),
    });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-entry-1');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(await screen.findByTestId('audit-entry-2')).getByRole('heading').textContent).toBe('Player unblocked');
    expect(calls.some((call) => query(call).get('page') === '2')).toBe(true);
  });

  it('says when nothing was recorded, and shows a failure with its detail', async () => {
    mockFetch({ 'GET /api/admin/audit': page([]) });
    renderWithProviders(<AuditTab />);
    expect((await screen.findByText('No audit entries')).className).toBe('empty-state__title');
  });

  it('reports a failed load', async () => {
    mockFetch({ 'GET /api/admin/audit': { status: 400, body: { detail: 'player_id must be a whole number', code: 'invalid' } } });
    renderWithProviders(<AuditTab />);
    expect((await screen.findByText('Error loading audit entries: player_id must be a whole number')).textContent).toContain('player_id');
  });
});

describe('Admin AuditTab: Export CSV', () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    localStorage.setItem('access_token', 'abc.def.ghi');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:audit'), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(`${this.download} ${this.href}`);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  it('downloads what the filters select, with the bearer token, under the server\'s file name', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/audit': page([entry()]),
      'GET /api/admin/audit.csv': {
        body: 'time,officer',
        headers: { 'Content-Disposition': 'attachment; filename="audit-2026-11-29.csv"', 'X-Total-Count': '1234' },
      },
    });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-entry-1');
    fireEvent.change(screen.getByLabelText('Officer'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Player name'), { target: { value: 'Borin' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('status')).textContent).toBe('Downloaded audit-2026-11-29.csv: 1,234 entries.');
    const exports = calls.filter((call) => call.url.startsWith('/api/admin/audit.csv'));
    expect(exports.map((call) => call.url)).toEqual(['/api/admin/audit.csv?officer=admin&player=Borin&date_from=2026-11-01']);
    expect(exports[0]?.headers.Authorization).toBe('Bearer abc.def.ghi');
    expect(saved).toEqual(['audit-2026-11-29.csv blob:audit']);
  });

  it("shows the server's detail when it refuses the filters, and saves nothing", async () => {
    mockFetch({
      'GET /api/admin/audit': page([entry()]),
      'GET /api/admin/audit.csv': { status: 400, body: { detail: 'date_from must be on or before date_to', code: 'invalid', fields: {} } },
    });
    renderWithProviders(<AuditTab />);
    await screen.findByTestId('audit-entry-1');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error exporting audit entries: date_from must be on or before date_to');
    expect(saved).toEqual([]);
  });
});

describe('PlayerAuditList', () => {
  it("asks for that player's entries only", async () => {
    const { calls } = mockFetch({ 'GET /api/admin/audit': page([entry()]) });
    renderWithProviders(<PlayerAuditList playerId={7} />);
    const card = await screen.findByTestId('audit-entry-1');
    // the card is the player's already: the entries do not repeat the name
    expect(within(card).queryByText('Borin')).toBeNull();
    expect(within(card).getByRole('heading', { level: 3 }).id).toBe('audit-1-title');
    expect(query(calls[0]).get('player_id')).toBe('7');
    expect(screen.getByRole('heading', { level: 3, name: 'Audit trail' }).textContent).toBe('Audit trail');
  });
});

describe('audit values', () => {
  it('shows text as it is, other values as JSON, and nothing as a dash', () => {
    expect([formatAuditValue('0.30'), formatAuditValue(12), formatAuditValue(null), formatAuditValue(undefined), formatAuditValue(true)]).toEqual([
      '0.30',
      '12',
      '—',
      '—',
      'true',
    ]);
  });

  it('shows bread, rates, days and moments as the bank does elsewhere when the server names the kind', () => {
    expect([
      formatAuditValue(200000, 'money'),
      formatAuditValue('0.30', 'rate'),
      formatAuditValue('2026-11-23', 'date'),
      formatAuditValue(null, 'datetime'),
      formatAuditValue('soon', 'rate'),
    ]).toEqual(['€200,000', '30%', day('23 Nov 2026'), '—', 'soon']);
    expect(formatAuditValue('2026-11-23T09:00:00Z', 'datetime')).toBe(formatDateTime('2026-11-23T09:00:00Z'));
  });

  it('lists the fields of before, then those only after holds', () => {
    expect(changedFields({ before: { status: 'pending' }, after: { status: 'approved', loan_id: 3 } })).toEqual(['status', 'loan_id']);
  });
});
