// Test data for unit tests (never imported by the app).
import type { Schemas } from '@/lib/api-types';

type Proposal = Schemas['ProposalOut'];

/** A change waiting for a second officer, shaped like the API's ProposalOut (bank/decisions). */
export function makeProposal(overrides: Partial<Proposal> = {}): Proposal {
  return {
    id: 11,
    kind: 'loan.edit',
    kind_label: 'Loan edit',
    player_id: 7,
    player_name: 'Aria',
    object_type: 'loan',
    object_id: 2,
    object_label: 'Loan #2',
    summary: 'Edit loan #2: value €1,000,000 → €3,000,000',
    effect: 2_000_000,
    reason: 'Its effect of €2,000,000 is above the four-eyes threshold of €1,000,000',
    least_role: 'loan_officer',
    proposed_by: 'Lena the Lender',
    created_at: '2026-06-01T10:00:00Z',
    not_before: null,
    status: 'pending',
    approvals: [{ officer: 'Lena the Lender', at: '2026-06-01T10:00:00Z', notes: '' }],
    decided_at: null,
    decided_by: '',
    decision_notes: '',
    ...overrides,
  };
}

/** A 202 answer: the change became a proposal waiting for a second officer. */
export function awaitingAnswer(officer = 'Lena the Lender') {
  return {
    status: 202,
    body: {
      status: 'awaiting_second_approval',
      approvals: [{ officer, at: '2026-06-01T10:00:00Z', notes: '' }],
      reason: 'Its effect is above the four-eyes threshold',
      detail: `Approved by ${officer}; a second officer must approve`,
      proposal: makeProposal(),
    },
  };
}
