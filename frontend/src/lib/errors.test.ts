// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { detailOr, errorDetail } from '@/lib/errors';

describe('detailOr', () => {
  it('prefers the server detail and falls back to the spec text', () => {
    expect(detailOr({ detail: 'Player not found' }, 'Failed to fetch credit score')).toBe('Player not found');
    expect(detailOr(new Error('boom'), 'Failed to fetch credit score')).toBe('Failed to fetch credit score');
    expect(detailOr(null, 'Failed to fetch credit history')).toBe('Failed to fetch credit history');
  });
});

describe('errorDetail', () => {
  it("prefers the server's detail, then the error's message, then the fallback", () => {
    const server = new ApiError({ status: 409, detail: 'This loan is already paid off.', code: 'already_paid_off' });
    expect(errorDetail(server)).toBe('This loan is already paid off.');
    expect(errorDetail(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorDetail(null)).toBe('Something went wrong');
    expect(errorDetail({}, 'Could not save')).toBe('Could not save');
  });
});
