import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminDividendKeys } from '@/features/admin/api/keys';

/** Edit (a whole number, 0 or more) or Reset (0). */
export function setSoloDividends({ dividends }: { dividends: number }): Promise<{ dividends: number }> {
  return api.put<{ dividends: number }>('/solo-dividends', undefined, { query: { dividends } });
}

export function useSetSoloDividends() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setSoloDividends,
    onSuccess: (answer) => {
      qc.setQueryData(adminDividendKeys.all, answer);
      return qc.invalidateQueries({ queryKey: adminDividendKeys.all });
    },
  });
}
