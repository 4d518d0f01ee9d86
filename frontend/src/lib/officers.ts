import type { Schemas } from '@/lib/api-types';
import { formatDateTime } from '@/lib/dates';

/** An officer's role, as the server names it (bank/roles.py decides every call; this only shapes the panel). */
export type Role = Schemas['RoleEnum'];

/** The roles from least to most: each does everything the one before it does. */
export const ROLES = ['teller', 'loan_officer', 'treasurer'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = { teller: 'Teller', loan_officer: 'Loan Officer', treasurer: 'Treasurer' };

/** Whether `role` may do what `least` may (each role does everything the one before it does). */
export function roleAtLeast(role: Role | null | undefined, least: Role): boolean {
  return role != null && ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/** One officer's approval of a request above the four-eyes threshold. */
export type Approval = Schemas['ApprovalOut'];

/**
 * 202 from an approval, or from Add Product above the threshold: the first of two approvals is
 * recorded. What the three awaiting answers (loan request, withdrawal, pearl exchange) share.
 */
export type AwaitingSecondApproval = Pick<Schemas['LoanRequestAwaitingOut'], 'status' | 'approvals' | 'reason' | 'detail'>;

/** Whether an answer is a 202 "awaiting_second_approval" rather than the thing carried out. */
export function isAwaitingSecondApproval(answer: unknown): answer is AwaitingSecondApproval {
  return (answer as { status?: unknown } | null)?.status === 'awaiting_second_approval';
}

/**
 * 202 from an officer's change above the four-eyes threshold (an edit, a date, a pay-off, a payment,
 * a setting, an officer): nothing changed yet, a proposal waits for a second officer (Four Eyes tab).
 */
export type ChangeAwaiting = Schemas['ChangeAwaitingOut'];

/** What a change's call answers: the thing changed (200/201), or its proposal (202). */
export type ChangeAnswer<T> = T | ChangeAwaiting;

/** A screen's notice for a change that neither happened nor was refused: the server's words. */
function awaitingNotice(answer: { detail: string }): { tone: 'pending'; text: string } {
  return { tone: 'pending', text: `Waits for a second officer: ${answer.detail}` };
}

/**
 * The onSuccess of every change that may wait for a second officer: `done` with what changed, or
 * `waiting` with the neutral notice (the form shows it and stays open instead of closing as if done).
 */
export function onChangeAnswer<T>(
  done: (answer: T) => void,
  waiting: (notice: { tone: 'pending'; text: string }) => void,
): (answer: ChangeAnswer<T>) => void {
  return (answer) => (isAwaitingSecondApproval(answer) ? waiting(awaitingNotice(answer)) : done(answer));
}

/** One approver as a decided card lists them: `Ada (29 Nov 2026, 10:02: 'Checked in game')`. */
function approverText(approval: Approval): string {
  const when = formatDateTime(approval.at);
  return `${approval.officer} (${approval.notes ? `${when}: '${approval.notes}'` : when})`;
}

/** A decided request's approvers, each with their time and notes: "Ada (...) and Lorne (...)"; null without any. */
export function approversText(approvals: readonly Approval[] | undefined): string | null {
  if (!approvals || approvals.length === 0) return null;
  const names = approvals.map(approverText);
  return names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What the tab says after a first approval that waits (202): the consequence, then the server's reason. */
export function firstApprovalText(answer: { reason?: string; detail: string }): string {
  const why = answer.reason ? `: ${answer.reason}` : '';
  return `Your approval is recorded; a second officer must approve before the money moves${why}. ${answer.detail}.`;
}

/** The card's line while a large request waits for its second officer. */
export function awaitingText(approvals: readonly Approval[] | undefined): string | null {
  if (!approvals || approvals.length !== 1) return null;
  return `Approved by ${approvals[0].officer}; a second officer must approve`;
}

