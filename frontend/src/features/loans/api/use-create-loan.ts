import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Loan } from '@/lib/loans';
import type { InputFields, Schemas } from '@/lib/api-types';
import { loanKeys, loanRequestKeys } from '@/features/loans/api/keys';

/** `value` as typed (500k, 1m): the server reads it, or says why not; `player_id` and `total_days`
 * left out when the form has none (the server names what is missing) */
type CreateLoanInput = InputFields<'LoanCreateInRequest', 'value' | 'user'> & Partial<InputFields<'LoanCreateInRequest', 'player_id' | 'total_days'>>;

/** 202: a loan above the four-eyes threshold became a proposal, a pending request a second officer decides. */
type LoanProposal = Schemas['LoanRequestAwaitingOut'];

/** 201 with the loan, or 202 with the proposal (isAwaitingSecondApproval tells them apart). */
function createLoan(input: CreateLoanInput, idempotencyKey: string): Promise<Loan | LoanProposal> {
  return api.post('/loans', input, { headers: idempotencyHeaders(idempotencyKey) });
}

/** The admin's Add Product loan: created once per submission, however often it is sent. */
export function useCreateLoan() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createLoan,
    // a proposal is a pending loan request: the request tabs refresh (their live notice does too)
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: loanKeys.all }), qc.invalidateQueries({ queryKey: loanRequestKeys.all })]),
  });
}
