import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { LoanRow } from '@/lib/loans';
import { adminLoanKeys } from '@/features/admin/api/keys';

export function fetchAllLoans(signal?: AbortSignal): Promise<{ loans: LoanRow[] }> {
  return api.get<{ loans: LoanRow[] }>('/admin/loans', { signal });
}

export const allLoansQueryOptions = () =>
  queryOptions({ queryKey: adminLoanKeys.list(), queryFn: ({ signal }) => fetchAllLoans(signal) });

/** Every loan, active, paid off or otherwise, newest first (the Report table). */
export function useAllLoans() {
  return useQuery(allLoansQueryOptions());
}
