// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { shouldRetry } from '@/lib/query-client';

describe('shouldRetry', () => {
  it('asks a failed read again twice', () => {
    const down = new ApiError({ status: 503, detail: '', code: 'unavailable' });
    expect([0, 1, 2].map((failures) => shouldRetry(failures, down))).toEqual([true, true, false]);
    expect(shouldRetry(0, new ApiError({ status: 0, detail: '', code: 'network_error' }))).toBe(true);
  });

  it('does not ask again a call that ran out of its time budget (the 60 s migration preview)', () => {
    expect(shouldRetry(0, new ApiError({ status: 0, detail: '', code: 'timeout' }))).toBe(false);
  });

  it('does not ask again what a client error refused', () => {
    expect(shouldRetry(0, new ApiError({ status: 404, detail: 'Not found', code: 'not_found' }))).toBe(false);
  });
});
