import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan } from '@/lib/loans';
import { loanKeys } from '@/features/loans/api/keys';

function fetchLoanDetail(loanId: number, signal?: AbortSignal): Promise<Loan> {
  return api.get(`/loans/${loanId}`, { signal });
}

const loanDetailQueryOptions = (loanId: number) =>
  queryOptions({ queryKey: loanKeys.detail(loanId), queryFn: ({ signal }) => fetchLoanDetail(loanId, signal) });

/** One loan with its whole day-by-day history (Check Loans' History). */
export function useLoanDetail(loanId: number) {
  return useQuery(loanDetailQueryOptions(loanId));
}
