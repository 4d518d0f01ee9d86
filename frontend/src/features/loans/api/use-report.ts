import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { nextPageOf } from '@/lib/paging';
import { loanKeys } from '@/features/loans/api/keys';
import type { Schemas } from '@/lib/api-types';

export type ReportProductType = '' | 'loan' | 'saving';
export type ReportStatus = '' | 'Active' | 'Paid-Off' | 'Withdrawn';

export interface ReportFilters {
  productType: ReportProductType;
  status: ReportStatus;
}

/** The Report's counters, counted and summed by the server over the whole bank. */
export type ReportCounters = Schemas['ReportCountersOut'];

/** One loan or savings account of the Report table. */
export type ReportRow = Schemas['ReportRowOut'];

export type ReportPage = Schemas['ReportOut'];

function fetchReport({ page = 1, filters }: { page?: number; filters: ReportFilters }, signal?: AbortSignal): Promise<ReportPage> {
  return api.get('/admin/report', {
    query: { page, product_type: filters.productType || undefined, status: filters.status || undefined },
    signal,
  });
}

const reportOptions = (filters: ReportFilters) =>
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
