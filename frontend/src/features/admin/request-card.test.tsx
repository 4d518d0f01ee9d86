import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithdrawalRequestCard } from '@/features/admin/withdrawal-request-card';
import { OfficerRole } from '@/features/officers/officer-role';
import type { Role } from '@/lib/officers';
import { makeWithdrawal } from '@/lib/savings-fixtures';

function renderCard(role: Role, approvals = [{ officer: 'lou', at: '2026-06-01T10:00:00Z', notes: '' }]) {
  const request = { ...makeWithdrawal({ id: 4, player_name: 'Borin', amount: 2_000_000 }), approvals };
  return render(
    <OfficerRole.Provider value={role}>
      <WithdrawalRequestCard request={request} onDecide={() => undefined} />
    </OfficerRole.Provider>,
  );
}

describe('RequestCard and roles', () => {
  it('shows a teller no decision buttons', () => {
    renderCard('teller');
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Deny/ })).toBeNull();
  });

  it('shows a loan officer Approve and Deny', () => {
    renderCard('loan_officer');
    expect(screen.getByRole('button', { name: "Approve Borin's withdrawal #4" }).textContent).toBe('Approve');
  });

  it('says who approved first while a large request waits for a second officer', () => {
    renderCard('loan_officer');
    expect(screen.getByRole('note').textContent).toBe('Four eyesApproved by lou; a second officer must approve');
  });

  it('says nothing of four eyes without a first approval', () => {
    renderCard('loan_officer', []);
    expect(screen.queryByRole('note')).toBeNull();
  });
});
