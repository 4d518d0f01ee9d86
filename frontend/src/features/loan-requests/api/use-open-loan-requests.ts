import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { PendingLoan } from '@/lib/loans';
import { loanRequestKeys } from '@/features/loan-requests/api/keys';

export interface OpenLoanRequests {
  /** oldest first */
  pending_loans: PendingLoan[];
  count: number;
}

export function fetchOpenLoanRequests(signal?: AbortSignal): Promise<OpenLoanRequests> {
  return api.get<OpenLoanRequests>('/admin/pending-loans', { signal });
}

export const openLoanRequestsQueryOptions = () =>
  queryOptions({ queryKey: loanRequestKeys.open(), queryFn: ({ signal }) => fetchOpenLoanRequests(signal) });

/** The loan requests still waiting for a decision (the Pending Loans tab and its badge). */
export function useOpenLoanRequests() {
  return useQuery(openLoanRequestsQueryOptions());
}
