import { useCallback, useEffect, useState, type RefObject } from 'react';

interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** Whether a scrolling box hides content below what it shows (a pixel of rounding aside). */
export function hasMoreBelow({ scrollTop, scrollHeight, clientHeight }: ScrollMetrics): boolean {
  return scrollHeight - scrollTop - clientHeight > 1;
}

/**
 * True while the box in `ref` has content below its visible part: checked when it scrolls, when
 * it or the window resizes, and when `contentKey` (what it lists) changes.
 */
export function useMoreBelow(ref: RefObject<HTMLElement | null>, contentKey: unknown): boolean {
  const [more, setMore] = useState(false);
  const check = useCallback(() => {
    const box = ref.current;
    setMore(box ? hasMoreBelow(box) : false);
  }, [ref]);
  useEffect(() => {
    check();
    const box = ref.current;
    box?.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      box?.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [ref, check, contentKey]);
  return more;
}
