import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Live notices tell us when data changes; no need to refetch on every focus.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (401, 403, 404 ...) will not get better by asking again.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
