import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/**
 * A failed read is asked again twice, except when asking again cannot help: client errors (401,
 * 403, 404 ...), and a call that ran out of its time budget (the migration preview's 60 s: the
 * person is told at 60 s, not after three budgets).
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.isTimeout || (error.status >= 400 && error.status < 500))) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Live notices tell us when data changes; no need to refetch on every focus.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  });
}
