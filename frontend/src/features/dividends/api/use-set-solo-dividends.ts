import { isAwaitingSecondApproval, type ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dividendKeys } from '@/features/dividends/api/keys';
import type { SoloDividends } from '@/features/dividends/api/use-solo-dividends';

/** Edit (a whole number, 0 or more) or Reset (0). */
function setSoloDividends({ dividends }: { dividends: number }): Promise<ChangeAnswer<SoloDividends>> {
  return api.put('/solo-dividends', undefined, { query: { dividends } });
}

export function useSetSoloDividends() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setSoloDividends,
    onSuccess: (answer) => {
      // a change waiting for a second officer changed nothing yet
      if (!isAwaitingSecondApproval(answer)) qc.setQueryData(dividendKeys.current(), answer);
      return qc.invalidateQueries({ queryKey: dividendKeys.all });
    },
  });
}
