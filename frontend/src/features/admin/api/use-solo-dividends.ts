import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminDividendKeys } from '@/features/admin/api/keys';

export function fetchSoloDividends(signal?: AbortSignal): Promise<{ dividends: number }> {
  return api.get<{ dividends: number }>('/solo-dividends', { signal });
}

export const soloDividendsQueryOptions = () =>
  queryOptions({ queryKey: adminDividendKeys.all, queryFn: ({ signal }) => fetchSoloDividends(signal) });

export function useSoloDividends() {
  return useQuery(soloDividendsQueryOptions());
}
