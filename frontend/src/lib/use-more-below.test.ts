// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { hasMoreBelow } from '@/lib/use-more-below';

describe('hasMoreBelow', () => {
  it('is true while content is hidden below the visible part', () => {
    expect(hasMoreBelow({ scrollTop: 0, scrollHeight: 800, clientHeight: 384 })).toBe(true);
    expect(hasMoreBelow({ scrollTop: 400, scrollHeight: 800, clientHeight: 384 })).toBe(true);
  });

  it('is false at the bottom (a pixel of rounding aside) and when everything fits', () => {
    expect(hasMoreBelow({ scrollTop: 416, scrollHeight: 800, clientHeight: 384 })).toBe(false);
    expect(hasMoreBelow({ scrollTop: 415.5, scrollHeight: 800, clientHeight: 384 })).toBe(false);
    expect(hasMoreBelow({ scrollTop: 0, scrollHeight: 300, clientHeight: 300 })).toBe(false);
  });
});
