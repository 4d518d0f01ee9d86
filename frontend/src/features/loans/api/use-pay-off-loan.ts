import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan } from '@/lib/loans';
import { dividendKeys } from '@/features/dividends/api/keys';
import { loanKeys } from '@/features/loans/api/keys';

export interface PayOff {
  loan: Loan;
  /** what the pay-off added to the solo dividends */
  solo_gain: number;
  detail: string;
}

export function payOffLoan({ loanId }: { loanId: number }): Promise<PayOff> {
  return api.put<PayOff>(`/loans/${loanId}`, { paid_off: true });
}

export function usePayOffLoan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: payOffLoan,
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: loanKeys.all }),
        qc.invalidateQueries({ queryKey: dividendKeys.all }),
      ]),
  });
}
