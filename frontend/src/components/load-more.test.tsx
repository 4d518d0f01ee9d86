import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useLoadNextPage } from '@/components/load-more';

describe('useLoadNextPage', () => {
  it('asks for the next page only when one is left and none is loading', () => {
    const cases = [
      { hasNextPage: true, isFetchingNextPage: false, asked: 1 },
      { hasNextPage: true, isFetchingNextPage: true, asked: 0 },
      { hasNextPage: false, isFetchingNextPage: false, asked: 0 },
    ];
    for (const { hasNextPage, isFetchingNextPage, asked } of cases) {
      const fetchNextPage = vi.fn();
      const { result } = renderHook(() => useLoadNextPage({ hasNextPage, isFetchingNextPage, fetchNextPage }));
      result.current();
      expect(fetchNextPage).toHaveBeenCalledTimes(asked);
    }
  });

  it('keeps the same callback while the paging does not change', () => {
    const paging = { hasNextPage: true, isFetchingNextPage: false, fetchNextPage: vi.fn() };
    const { result, rerender } = renderHook((props) => useLoadNextPage(props), { initialProps: paging });
    const first = result.current;
    rerender({ ...paging });
    expect(result.current).toBe(first);
  });
});
