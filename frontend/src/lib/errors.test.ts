// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { detailOr, errorDetail, withReference } from '@/lib/errors';

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

describe('the reference of an unexpected failure', () => {
  const ID = '9f3c1a2b4d5e6f708192a3b4c5d6e7f8';
  const failure = (status: number, detail = '', requestId: string | null = ID) =>
    new ApiError({ status, detail, code: status >= 500 ? 'server_error' : 'invalid', requestId });

  it("follows a server error's text, so that a person can quote it", () => {
    expect(errorDetail(failure(500))).toBe(`Something went wrong on our side; nothing was changed. Try again. (Reference: ${ID})`);
    expect(errorDetail(failure(503, 'The bank cannot reach its database right now.'))).toBe(
      `The bank cannot reach its database right now. (Reference: ${ID})`,
    );
    expect(detailOr(failure(502), 'Failed to fetch credit score')).toBe(`Failed to fetch credit score (Reference: ${ID})`);
  });

  it('is not shown beside an answer that explains itself (a 4xx)', () => {
    expect(errorDetail(failure(400, 'Enter an amount.'))).toBe('Enter an amount.');
    expect(errorDetail(failure(409, 'This loan is already paid off.'))).toBe('This loan is already paid off.');
    expect(detailOr(failure(404), 'Player not found')).toBe('Player not found');
  });

  it('is not made up when the answer had no id, or no answer came back', () => {
    expect(errorDetail(failure(500, 'Broken', null))).toBe('Broken');
    const unreachable = new ApiError({ status: 0, detail: '', code: 'network_error' });
    expect(errorDetail(unreachable)).toBe(unreachable.message);
    expect(withReference('Could not save', new Error('boom'))).toBe('Could not save');
  });
});
