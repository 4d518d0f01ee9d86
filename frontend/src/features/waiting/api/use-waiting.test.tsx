import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invalidateKinds } from '@/lib/live';
import type { LiveKind } from '@/lib/live-kinds';
import { useWaiting } from '@/features/waiting/api/use-waiting';
import { mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient } from '@/testing/render';

afterEach(() => vi.unstubAllGlobals());

const EMPTY = { for_me: [], waiting_for_second: [], for_me_count: 0, waiting_for_second_count: 0 };

describe('useWaiting', () => {
  // every kind it lists, and the officers whose approvals it counts
  it.each<LiveKind>(['pending_loans', 'withdrawal_requests', 'pearl_exchange_requests', 'proposals', 'officers'])(
    'is fetched again on a %s notice',
    async (kind) => {
      const { calls } = mockFetch({ 'GET /api/admin/waiting': { body: EMPTY } });
      const queryClient = createTestQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
      const { result } = renderHook(() => useWaiting(), { wrapper });
      await waitFor(() => expect(result.current.isSuccess).toBe(true));
      invalidateKinds(queryClient, [kind]);
      await waitFor(() => expect(calls.filter((call) => call.url === '/api/admin/waiting')).toHaveLength(2));
    },
  );

  it('is not fetched again on a notice of a kind it does not list', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/waiting': { body: EMPTY } });
    const queryClient = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useWaiting(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    invalidateKinds(queryClient, ['audit']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.filter((call) => call.url === '/api/admin/waiting')).toHaveLength(1);
  });
});
