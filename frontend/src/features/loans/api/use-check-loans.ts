import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CheckedLoan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

export function fetchCheckLoans(signal?: AbortSignal): Promise<{ loans: CheckedLoan[] }> {
  return api.get<{ loans: CheckedLoan[] }>('/admin/loans/check', { signal });
}

export const checkLoansQueryOptions = () =>
  queryOptions({ queryKey: loanKeys.check(), queryFn: ({ signal }) => fetchCheckLoans(signal) });

/** Every Active loan with today's listing status (Check Loans, and the Report's loans). */
export function useCheckLoans() {
  return useQuery(checkLoansQueryOptions());
}
