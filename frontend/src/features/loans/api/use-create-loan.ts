import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { Loan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

export interface CreateLoanInput {
  player_id: number;
  /** a whole number, or the text as typed when it could not be read (the server says why) */
  value: number | string;
  total_days: number | string;
  user: string;
}

export function createLoan(input: CreateLoanInput, idempotencyKey: string): Promise<Loan> {
  return api.post<Loan>('/loans', input, { headers: idempotencyHeaders(idempotencyKey) });
}

/** The admin's Add Product loan: created once per submission, however often it is sent. */
export function useCreateLoan() {
  const qc = useQueryClient();
  return useIdempotentMutation({
    mutationFn: createLoan,
    onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }),
  });
}
