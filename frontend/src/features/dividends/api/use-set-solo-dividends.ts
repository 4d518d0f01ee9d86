import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dividendKeys } from '@/features/dividends/api/keys';
import type { SoloDividends } from '@/features/dividends/api/use-solo-dividends';

/** Edit (a whole number, 0 or more) or Reset (0). */
function setSoloDividends({ dividends }: { dividends: number }): Promise<SoloDividends> {
  return api.put<SoloDividends>('/solo-dividends', undefined, { query: { dividends } });
}

export function useSetSoloDividends() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setSoloDividends,
    onSuccess: (answer) => {
      qc.setQueryData(dividendKeys.current(), answer);
      return qc.invalidateQueries({ queryKey: dividendKeys.all });
    },
  });
}
