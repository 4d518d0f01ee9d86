import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { creditKeys } from '@/features/credit/api/keys';

const fetchLoanEligibility = (playerId: number, signal?: AbortSignal) =>
  api.get(`/loans/eligibility/${playerId}`, { signal });

const loanEligibilityQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: creditKeys.eligibility(playerId),
    queryFn: ({ signal }) => fetchLoanEligibility(playerId, signal),
  });

export function useLoanEligibility(playerId: number) {
  return useQuery(loanEligibilityQueryOptions(playerId));
}
