import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/features/credit/api/keys';

const fetchCreditBenefits = (signal?: AbortSignal) => api.get('/credit/benefits', { signal });

const creditBenefitsQueryOptions = () =>
  queryOptions({ queryKey: creditKeys.benefits(), queryFn: ({ signal }) => fetchCreditBenefits(signal) });

/** The tiers, their benefits, how to earn points and the top of the scale. */
export function useCreditBenefits() {
  return useQuery(creditBenefitsQueryOptions());
}
