import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

export interface CreateLoanInput {
  player_id: number;
  /** a whole number, or the text as typed when it could not be read (the server says why) */
  value: number | string;
  total_days: number | string;
  user: string;
}

export function createLoan(input: CreateLoanInput): Promise<Loan> {
  return api.post<Loan>('/loans', input);
}

export function useCreateLoan() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createLoan, onSuccess: () => qc.invalidateQueries({ queryKey: loanKeys.all }) });
}
