import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { soloDividendKeys } from '@/features/player/api/keys';

export interface SoloDividends {
  dividends: number;
}

export function fetchSoloDividends({ signal }: { signal?: AbortSignal } = {}): Promise<SoloDividends> {
  return api.get<SoloDividends>('/solo-dividends', { signal });
}

export const soloDividendsQueryOptions = () =>
  queryOptions({ queryKey: soloDividendKeys.all, queryFn: ({ signal }) => fetchSoloDividends({ signal }) });

export function useSoloDividends({ enabled }: { enabled: boolean }) {
  return useQuery({ ...soloDividendsQueryOptions(), enabled });
}
