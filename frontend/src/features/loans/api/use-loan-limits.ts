import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoanLimits } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

function fetchLoanLimits(signal?: AbortSignal): Promise<LoanLimits> {
  return api.get('/loans/limits', { signal });
}

const loanLimitsQueryOptions = () =>
  queryOptions({ queryKey: loanKeys.limits(), queryFn: ({ signal }) => fetchLoanLimits(signal) });

/** What the loan forms accept (amounts, days, rate, notes, the start-date window). */
export function useLoanLimits() {
  return useQuery(loanLimitsQueryOptions());
}
