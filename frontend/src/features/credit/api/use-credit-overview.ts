import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/features/credit/api/keys';
import type { CreditOverview } from '@/features/credit/api/types';

export const fetchCreditOverview = (signal?: AbortSignal) =>
  api.get<CreditOverview>('/admin/credit-score/overview', { signal });

export const creditOverviewQueryOptions = () =>
  queryOptions({ queryKey: creditKeys.overview(), queryFn: ({ signal }) => fetchCreditOverview(signal) });

export function useCreditOverview() {
  return useQuery(creditOverviewQueryOptions());
}
