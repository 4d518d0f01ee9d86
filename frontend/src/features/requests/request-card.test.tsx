import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WithdrawalRequestCard } from '@/features/withdrawals';
import { PearlRequestCard } from '@/features/exchange';
import { makeExchangeRequest } from '@/testing/exchange-fixtures';
import { MyOfficerName, OfficerAccess } from '@/features/officers';
import type { Role } from '@/lib/officers';
import { makeWithdrawal } from '@/testing/savings-fixtures';
import { asOfficer } from '@/testing/officers';

function renderCard(role: Role, approvals = [{ officer: 'lou', at: '2026-06-01T10:00:00Z', notes: '' }], myName: string | null = null) {
  const request = { ...makeWithdrawal({ id: 4, player_name: 'Borin', amount: 2_000_000 }), approvals };
  return render(
    <OfficerAccess.Provider value={asOfficer(role)}>
      <MyOfficerName.Provider value={{ name: myName, learn: () => undefined }}>
        <WithdrawalRequestCard request={request} onDecide={() => undefined} />
      </MyOfficerName.Provider>
    </OfficerAccess.Provider>,
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

  it('shows the officer who approved first "Waiting for a second officer", who and when, and Deny, without Approve', () => {
    renderCard('loan_officer', undefined, 'lou');
    const waiting = screen.getByRole('note', { name: "Waiting for a second officer on Borin's withdrawal #4" });
    expect(waiting.textContent).toMatch(
      /^Waiting for a second officerApproved by you \(lou\) on 1\u00a0Jun\u00a02026, \d\d:\d\d; another officer must approve before it is carried out\.$/,
    );
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.getByRole('button', { name: "Deny Borin's withdrawal #4" }).textContent).toBe('Deny');
  });

  it('shows another officer Approve on a request someone else approved first', () => {
    renderCard('loan_officer', undefined, 'mara');
    expect(screen.getByRole('button', { name: "Approve Borin's withdrawal #4" }).textContent).toBe('Approve');
    expect(screen.queryByRole('note', { name: /Waiting for a second officer/ })).toBeNull();
  });

  it("lists a decided pearl exchange's approvers with their notes", () => {
    const request = {
      ...makeExchangeRequest({ id: 5, status: 'approved', decided_by: 'Lorne', decided_at: '2026-11-29T10:15:00Z' }),
      approvals: [
        { officer: 'Ada', at: '2026-11-29T10:02:00Z', notes: 'Checked in game' },
        { officer: 'Lorne', at: '2026-11-29T10:15:00Z', notes: '' },
      ],
    };
    render(<PearlRequestCard request={request} onDecide={() => undefined} />);
    expect(screen.getByTestId('approvers').textContent).toMatch(
      /^ApproversApproved by Ada \(29\u00a0Nov\u00a02026, \d\d:\d\d: 'Checked in game'\) and Lorne \(29\u00a0Nov\u00a02026, \d\d:\d\d\)$/,
    );
  });

  it('says who approved first on a request denied while it waited', () => {
    const request = {
      ...makeExchangeRequest({ id: 6, status: 'denied', decided_by: 'Lorne' }),
      approvals: [{ officer: 'Ada', at: '2026-11-29T10:02:00Z', notes: '' }],
    };
    render(<PearlRequestCard request={request} onDecide={() => undefined} />);
    expect(screen.getByTestId('approvers').textContent).toMatch(/^ApproversApproved first by Ada \(29\u00a0Nov\u00a02026, \d\d:\d\d\)$/);
  });
});
