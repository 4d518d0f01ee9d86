import type { ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dividendKeys } from '@/features/dividends';
import { loanKeys } from '@/features/loans/api/keys';
import type { Schemas } from '@/lib/api-types';

type PayOff = Schemas['PayOffOut'];

function payOffLoan({ loanId }: { loanId: number }): Promise<ChangeAnswer<PayOff>> {
  return api.put(`/loans/${loanId}`, { paid_off: true });
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
