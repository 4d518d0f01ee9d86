import { queryOptions, useQuery, keepPreviousData } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { bankHealthKeys, type HealthRange } from '@/features/bank-health/api/keys';
import type { Schemas } from '@/lib/api-types';

export type BankHealth = Schemas['BankHealthOut'];
export type DailyFigures = Schemas['DailyFiguresOut'];

/** The query of a range, as GET /api/admin/bank-health and its CSV take it. */
export function healthQuery(range: HealthRange): Record<string, string | number> {
  return 'days' in range ? { days: range.days } : { from: range.from, to: range.to };
}

function fetchBankHealth(range: HealthRange, signal?: AbortSignal): Promise<BankHealth> {
  return api.get('/admin/bank-health', { signal, query: healthQuery(range) });
}

const bankHealthQueryOptions = (range: HealthRange) =>
  queryOptions({
    queryKey: bankHealthKeys.range(range),
    queryFn: ({ signal }) => fetchBankHealth(range, signal),
    // a new range keeps the charts of the last one on screen until its figures come
    placeholderData: keepPreviousData,
  });

/** Bank Health: the daily figures of a range, its last day and the change over it (every officer). */
export function useBankHealth(range: HealthRange) {
  return useQuery(bankHealthQueryOptions(range));
}
