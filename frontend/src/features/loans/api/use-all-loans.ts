import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoanRow } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

export function fetchAllLoans(signal?: AbortSignal): Promise<{ loans: LoanRow[] }> {
  return api.get<{ loans: LoanRow[] }>('/admin/loans', { signal });
}

export const allLoansQueryOptions = () =>
  queryOptions({ queryKey: loanKeys.list(), queryFn: ({ signal }) => fetchAllLoans(signal) });

/** Every loan, active, paid off or otherwise, newest first (the Report table). */
export function useAllLoans() {
  return useQuery(allLoansQueryOptions());
}
