// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ACTION_LEAST_ROLE, awaitingText, onChangeAnswer, roleAtLeast, ROLES, type ChangeAwaiting } from '@/lib/officers';
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
