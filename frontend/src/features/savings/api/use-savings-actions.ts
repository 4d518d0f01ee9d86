import type { ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Savings, SavingsRow, SavingsWeekStatus } from '@/lib/savings';
import { savingsKeys } from '@/features/savings/api/keys';
import { loanKeys } from '@/features/loans';
import type { InputFields, Schemas } from '@/lib/api-types';

export type SavingsMark = Schemas['SavingsMarkOut'];

type OverdueRun = Schemas['OverdueRunOut'];

/** `invested_value` as typed (500k, 1m): the server reads it, or says why not; `player_id` left out
 * when no player is picked (the server says to pick one) */
type CreateSavingsInput = InputFields<'SavingsCreateInRequest', 'invested_value' | 'user'> &
  Partial<InputFields<'SavingsCreateInRequest', 'player_id'>>;

// Savings also show in the player products and bank data, which live under `loans`.
function useInvalidateSavings() {
  const qc = useQueryClient();
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: savingsKeys.all }), qc.invalidateQueries({ queryKey: loanKeys.all })]).then(
      () => undefined,
    );
}

function createSavings(input: CreateSavingsInput, idempotencyKey: string): Promise<ChangeAnswer<Savings>> {
  return api.post('/savings', input, { headers: idempotencyHeaders(idempotencyKey) });
}

/** The admin's Add Product saving: created once per submission; the server enforces the client limits. */
export function useCreateSavings() {
  const invalidate = useInvalidateSavings();
  return useIdempotentMutation({ mutationFn: createSavings, onSuccess: invalidate });
}

interface MarkSavingsPaymentInput {
  savingsId: number;
  status: SavingsWeekStatus;
  /** the latest recorded week, to change it; left out, the week due is recorded */
  week?: number;
}

function markSavingsPayment({ savingsId, status, week }: MarkSavingsPaymentInput, idempotencyKey: string): Promise<ChangeAnswer<SavingsMark>> {
  return api.post(`/savings/${savingsId}/payment`, undefined, {
    query: { payment_status: status, week },
    headers: idempotencyHeaders(idempotencyKey),
  });
}

/** Marks the due week of an account Paid or Not Paid, or changes the latest recorded week (`week`). */
export function useMarkSavingsPayment() {
  const invalidate = useInvalidateSavings();
  return useIdempotentMutation({ mutationFn: markSavingsPayment, onSuccess: invalidate });
}

function autoProcessOverdue(_input: undefined, idempotencyKey: string): Promise<OverdueRun> {
  return api.post('/admin/savings/auto-process-overdue', undefined, { headers: idempotencyHeaders(idempotencyKey) });
}

/** Marks every overdue week of every active account Not Paid. */
export function useAutoProcessOverdue() {
  const invalidate = useInvalidateSavings();
  return useIdempotentMutation({ mutationFn: autoProcessOverdue, onSuccess: invalidate });
}

function changeSavingsDate({ savingsId, newDate }: { savingsId: number; newDate: string }): Promise<ChangeAnswer<SavingsRow>> {
  return api.put(`/admin/savings/${savingsId}/change-date`, undefined, { query: { new_date: newDate } });
}

export function useChangeSavingsDate() {
  const invalidate = useInvalidateSavings();
  return useMutation({ mutationFn: changeSavingsDate, onSuccess: invalidate });
}
