import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf, type PageAnswer } from '@/lib/paging';
import { loanKeys } from '@/features/loans/api/keys';

export type ReportProductType = '' | 'loan' | 'saving';
export type ReportStatus = '' | 'Active' | 'Paid-Off' | 'Withdrawn';

export interface ReportFilters {
  productType: ReportProductType;
  status: ReportStatus;
}

/** The Report's counters, counted and summed by the server over the whole bank. */
export interface ReportCounters {
  active_loans: number;
  total_loan_value: number;
  active_savings: number;
  total_savings_value: number;
  bad_payers: number;
  solo_dividends: number;
}

/** One loan or savings account of the Report table. */
export interface ReportRow {
  type: 'Loan' | 'Saving';
  id: number;
  player_id: number;
  player_name: string;
  value: number;
  /** a loan's whole-term rate, a savings account's weekly rate (fractions) */
  interest_rate: number;
  /** a loan's days and its whole-term rate spread over them (the server's figure); null for savings */
  total_days: number | null;
  daily_rate: number | null;
  start_date: string;
  status: string;
  created_at: string;
}

export interface ReportPage extends PageAnswer {
  counters: ReportCounters;
  rows: ReportRow[];
}

export function fetchReport({ page = 1, filters }: { page?: number; filters: ReportFilters }, signal?: AbortSignal): Promise<ReportPage> {
  return api.get<ReportPage>('/admin/report', {
    query: { page, product_type: filters.productType || undefined, status: filters.status || undefined },
    signal,
  });
}

export const reportOptions = (filters: ReportFilters) =>
  infiniteQueryOptions({
    queryKey: loanKeys.report(filters),
    queryFn: ({ pageParam, signal }) => fetchReport({ page: pageParam, filters }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
    // lives under `loans`; the table holds savings, the counters players and dividends
    meta: { liveKinds: ['savings', 'players', 'solo_dividends'] },
  });

/** The Report: every loan and savings account, newest first, a page at a time, with the counters. */
export function useReport(filters: ReportFilters) {
  return useInfiniteQuery(reportOptions(filters));
}
