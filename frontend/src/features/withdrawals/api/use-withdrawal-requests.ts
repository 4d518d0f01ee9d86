import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import { nextPageOf } from '@/lib/paging';
import { withdrawalKeys } from '@/features/withdrawals/api/keys';
import { savingsKeys } from '@/features/savings';
import { loanKeys } from '@/features/loans';
import type { Schemas } from '@/lib/api-types';

export type WithdrawalRequestsPage = Schemas['WithdrawalListOut'];

type WithdrawalDecision = Schemas['WithdrawalDecisionOut'];

function fetchWithdrawalRequests(page: number, signal?: AbortSignal): Promise<WithdrawalRequestsPage> {
  return api.get('/admin/withdrawal-requests', { signal, query: { page } });
}

/** How many requests wait (the tab's badge): one pending row is enough to read the count. */
export function usePendingWithdrawals() {
  return useQuery(
    queryOptions({
      queryKey: withdrawalKeys.pending(),
      queryFn: ({ signal }) =>
        api.get('/admin/withdrawal-requests', { signal, query: { status: 'pending', page: 1, page_size: 1 } }),
      select: (page) => page.pending_count,
    }),
  );
}

/** Every withdrawal request, pending first, a page at a time (the Withdrawal Requests tab). */
export function useWithdrawalRequestPages() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...withdrawalKeys.list(), 'pages'] as const,
      queryFn: ({ pageParam, signal }) => fetchWithdrawalRequests(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: nextPageOf,
    }),
  );
}

// An approval moves savings, which also show in products and bank data (under `loans`).
function useInvalidateAfterDecision() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: withdrawalKeys.all }),
      qc.invalidateQueries({ queryKey: savingsKeys.all }),
      qc.invalidateQueries({ queryKey: loanKeys.all }),
    ]).then(() => undefined);
}

function approveWithdrawal(
  { requestId, notes }: { requestId: number; notes: string },
  idempotencyKey: string,
): Promise<WithdrawalDecision> {
  return api.put(`/admin/withdrawal-requests/${requestId}/approve`, undefined, {
    query: { admin_notes: notes || undefined },
    headers: idempotencyHeaders(idempotencyKey),
  });
}

export function useApproveWithdrawal() {
  const invalidate = useInvalidateAfterDecision();
  return useIdempotentMutation({ mutationFn: approveWithdrawal, onSuccess: invalidate });
}

function denyWithdrawal({ requestId, notes }: { requestId: number; notes: string }): Promise<WithdrawalDecision> {
  return api.put(`/admin/withdrawal-requests/${requestId}/deny`, undefined, { query: { admin_notes: notes } });
}

export function useDenyWithdrawal() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({ mutationFn: denyWithdrawal, onSuccess: invalidate });
}
