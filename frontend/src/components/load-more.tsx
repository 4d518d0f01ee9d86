import { useCallback, useEffect, useRef } from 'react';
import { formatCount, plural } from '@/lib/plural';
import './bank-ui.css';

/** What an infinite query (React Query) tells and does about its next page. */
export interface NextPage {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** LoadMore's onLoadMore for an infinite query: asks for the next page, unless one is loading or none is left. */
export function useLoadNextPage({ hasNextPage, isFetchingNextPage, fetchNextPage }: NextPage): () => void {
  return useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
}

interface LoadMoreProps {
  /** what is on screen, and how many there are in all */
  shown: number;
  total: number;
  /** what the list holds, for the status line: one "loan", "player"... (and its plural when not noun + s) */
  noun: string;
  nounPlural?: string;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * The end of a server-paged list: the next page loads by itself when this scrolls into view, and a
 * button does the same for keyboard users and readers of the status line.
 */
export function LoadMore({ shown, total, noun, nounPlural, hasMore, loading, onLoadMore }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasMore || loading || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoadMore]);

  return (
    <div className="load-more" ref={sentinel}>
      <p className="muted" aria-live="polite">
        Showing {formatCount(shown)} of {plural(total, noun, nounPlural)}
      </p>
      {hasMore && (
        <button type="button" className="btn btn--secondary btn--small" disabled={loading} onClick={onLoadMore}>
          {loading ? 'Loading...' : 'Load more'}
        </button>
      )}
    </div>
  );
}
