/** Officers' roles (the server's bank/core/roles.py decides every call; this only shapes the panel). */
export const ROLES = ['teller', 'loan_officer', 'treasurer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { teller: 'Teller', loan_officer: 'Loan Officer', treasurer: 'Treasurer' };

/** Whether `role` may do what `least` may (each role does everything the one before it does). */
export function roleAtLeast(role: Role | null | undefined, least: Role): boolean {
  return role != null && ROLES.indexOf(role) >= ROLES.indexOf(least);
}

/** One officer's approval of a request above the four-eyes threshold. */
export interface Approval {
  officer: string;
  at: string;
  notes: string;
}

/** The card's line while a large request waits for its second officer. */
export function awaitingText(approvals: readonly Approval[] | undefined): string | null {
  if (!approvals || approvals.length !== 1) return null;
  return `Approved by ${approvals[0].officer}; a second officer must approve`;
}
