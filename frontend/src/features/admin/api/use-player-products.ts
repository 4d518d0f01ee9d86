import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Loan, PendingLoan } from '@/lib/loans';
import { adminLoanKeys } from '@/features/admin/api/keys';

export interface PlayerProducts {
  savings: unknown[];
  loans: Loan[];
  pending_loans: PendingLoan[];
}

export function fetchPlayerProducts(playerId: number, signal?: AbortSignal): Promise<PlayerProducts> {
  return api.get<PlayerProducts>(`/players/${playerId}/products`, { signal });
}

export const playerProductsQueryOptions = (playerId: number) =>
  queryOptions({
    queryKey: adminLoanKeys.playerProducts(playerId),
    queryFn: ({ signal }) => fetchPlayerProducts(playerId, signal),
    meta: { liveKinds: ['pending_loans'] },
  });

export function usePlayerProducts(playerId: number | null) {
  return useQuery({ ...playerProductsQueryOptions(playerId ?? 0), enabled: playerId !== null });
}
