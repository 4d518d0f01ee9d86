import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dividendKeys } from '@/features/dividends/api/keys';
import type { Schemas } from '@/lib/api-types';

export type SoloDividends = Schemas['DividendsOut'];

function fetchSoloDividends(signal?: AbortSignal): Promise<SoloDividends> {
  return api.get('/solo-dividends', { signal });
}

const soloDividendsQueryOptions = () =>
  queryOptions({ queryKey: dividendKeys.current(), queryFn: ({ signal }) => fetchSoloDividends(signal) });

/** The bank's solo dividends: the admin's Report and a solo-access player's card read the same query. */
export function useSoloDividends({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...soloDividendsQueryOptions(), enabled });
}
