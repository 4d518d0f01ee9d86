import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Savings } from '@/lib/savings';
import { savingsKeys } from '@/features/savings/api/keys';

function fetchSavingsDetail(savingsId: number, signal?: AbortSignal): Promise<Savings> {
  return api.get(`/savings/${savingsId}`, { signal });
}

const savingsDetailQueryOptions = (savingsId: number) =>
  queryOptions({ queryKey: savingsKeys.detail(savingsId), queryFn: ({ signal }) => fetchSavingsDetail(savingsId, signal) });

/** One account with its weeks (History on Check Savings). */
export function useSavingsDetail(savingsId: number) {
  return useQuery(savingsDetailQueryOptions(savingsId));
}
