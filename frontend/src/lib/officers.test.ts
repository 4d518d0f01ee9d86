// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import {
  ACTION_LEAST_ROLE,
  approversText,
  awaitingText,
  firstApprovalText,
  onChangeAnswer,
  roleAtLeast,
  ROLES,
  type ChangeAwaiting,
} from '@/lib/officers';
import { serverLeast } from '@/testing/server-roles';

// The server's one table (bank/core/roles.py): the panel must hide exactly what the server refuses.
// each button's action and the routes it calls (URL name, method[, field])
const ROUTES_OF: Record<keyof typeof ACTION_LEAST_ROLE, [string, string, string?][]> = {
  decide: [
    ['loan-request-approve', 'PUT'],
    ['loan-request-deny', 'PUT'],
    ['withdrawal-approve', 'PUT'],
    ['withdrawal-deny', 'PUT'],
    ['exchange-approve', 'PUT'],
    ['exchange-deny', 'PUT'],
  ],
  addProduct: [
    ['loan-create', 'POST'],
    ['savings-create', 'POST'],
  ],
  editProduct: [
    ['loan-edit', 'PUT'],
    ['savings-edit', 'PUT'],
  ],
  payOff: [['loan-update', 'PUT']],
  badPayer: [['player-update', 'PUT']],
  soloAccess: [['player-update', 'PUT', 'has_solo_access']],
  password: [['player-password', 'PUT']],
  unblock: [['player-unblock', 'PUT']],
  bulkDelete: [['players-bulk-delete', 'DELETE']],
  creditAdjust: [
    ['credit-adjust', 'POST'],
    ['credit-penalty', 'POST'],
  ],
  soloDividends: [['solo-dividends', 'PUT']],
  backup: [['backup', 'GET']],
  checkBooks: [['reconcile-run', 'POST']],
  clientType: [
    ['player-client-type', 'PUT'],
    ['savings-mark-old', 'POST'],
  ],
  migrationExecute: [['credit-migration-execute', 'POST']],
  exchangeRates: [['exchange-settings', 'PUT']],
  bankSettings: [['bank-settings', 'PUT']],
  writeOff: [['loan-write-off', 'POST']],
};

describe('officers', () => {
  it('orders the roles, each doing what the one before does', () => {
    expect(ROLES).toEqual(['teller', 'loan_officer', 'treasurer']);
    expect(roleAtLeast('treasurer', 'loan_officer')).toBe(true);
    expect(roleAtLeast('teller', 'loan_officer')).toBe(false);
    expect(roleAtLeast(null, 'teller')).toBe(false);
  });

  it.each(Object.entries(ROUTES_OF))("hides %s from exactly the roles the server's table refuses", (action, routes) => {
    for (const [route, method, field] of routes) {
      expect(serverLeast(route, method, field), `${route} ${method} ${field ?? ''}`).toBe(
        ACTION_LEAST_ROLE[action as keyof typeof ACTION_LEAST_ROLE],
      );
    }
  });

  it('says who approved first only while one approval waits', () => {
    expect(awaitingText([{ officer: 'lou', at: '2026-06-01T10:00:00Z', notes: '' }])).toBe('Approved by lou; a second officer must approve');
    expect(awaitingText([])).toBeNull();
    expect(awaitingText(undefined)).toBeNull();
  });

  it('lists every approver of a decided request with their time, and their notes when they wrote any', () => {
    const ada = { officer: 'Ada', at: '2026-11-29T10:02:00Z', notes: 'Checked in game' };
    const lorne = { officer: 'Lorne', at: '2026-11-29T10:15:00Z', notes: '' };
    const at = (iso: string) => formatDateTime(iso);
    expect(approversText([ada, lorne])).toBe(`Ada (${at(ada.at)}: 'Checked in game') and Lorne (${at(lorne.at)})`);
    expect(approversText([lorne])).toBe(`Lorne (${at(lorne.at)})`);
    expect(approversText([ada, lorne, { ...lorne, officer: 'Mara' }])).toBe(
      `Ada (${at(ada.at)}: 'Checked in game'), Lorne (${at(lorne.at)}) and Mara (${at(lorne.at)})`,
    );
    expect(approversText([])).toBeNull();
    expect(approversText(undefined)).toBeNull();
  });

  it("says a first approval is recorded and waits, with the server's reason and words", () => {
    const detail = 'Approved by Lou; a second officer must approve';
    expect(firstApprovalText({ reason: '€1,100,000 is above the four-eyes threshold (€1,000,000)', detail })).toBe(
      'Your approval is recorded; a second officer must approve before the money moves: €1,100,000 is above the four-eyes threshold (€1,000,000). Approved by Lou; a second officer must approve.',
    );
    expect(firstApprovalText({ reason: '', detail })).toBe(
      'Your approval is recorded; a second officer must approve before the money moves. Approved by Lou; a second officer must approve.',
    );
  });

  it("tells a change done from a change waiting for a second officer, in the server's words", () => {
    const done: number[] = [];
    const waiting: string[] = [];
    const handle = onChangeAnswer<{ id: number }>(
      (loan) => done.push(loan.id),
      (notice) => waiting.push(`${notice.tone} ${notice.text}`),
    );
    handle({ id: 7 });
    handle({
      status: 'awaiting_second_approval',
      approvals: [{ officer: 'lou', at: '2026-06-01T10:00:00Z', notes: '' }],
      reason: 'Above the four-eyes threshold',
      detail: 'Approved by lou; a second officer must approve',
      proposal: {} as ChangeAwaiting['proposal'],
    });
    expect(done).toEqual([7]);
    expect(waiting).toEqual(['pending Waits for a second officer: Approved by lou; a second officer must approve']);
  });
});
