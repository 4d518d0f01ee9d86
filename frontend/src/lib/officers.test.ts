// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import {
  approversText,
  awaitingText,
  firstApprovalText,
  onChangeAnswer,
  roleAtLeast,
  ROLES,
  type ChangeAwaiting,
} from '@/lib/officers';

describe('officers', () => {
  it('orders the roles, each doing what the one before does', () => {
    expect(ROLES).toEqual(['teller', 'loan_officer', 'treasurer']);
    expect(roleAtLeast('treasurer', 'loan_officer')).toBe(true);
    expect(roleAtLeast('teller', 'loan_officer')).toBe(false);
    expect(roleAtLeast(null, 'teller')).toBe(false);
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
