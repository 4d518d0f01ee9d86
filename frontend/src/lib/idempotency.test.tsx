import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { IdempotencyKeys, idempotencyHeaders, outcomeUnknown, useIdempotentMutation } from '@/lib/idempotency';
import { mockFetch, type MockAnswer } from '@/testing/fetch-mock';
import { createTestQueryClient } from '@/testing/render';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('IdempotencyKeys', () => {
  it('gives the same body the same key until it is settled', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ value: 500_000 })).toBe('key-1');
    expect(keys.keyFor({ value: 500_000 })).toBe('key-1');
    keys.settle('key-1');
    expect(keys.keyFor({ value: 500_000 })).toBe('key-2');
  });

  it('starts a new key when the body changes', () => {
    const keys = new IdempotencyKeys(counter());
    expect(keys.keyFor({ value: 500_000 })).toBe('key-1');
    expect(keys.keyFor({ value: 600_000 })).toBe('key-2');
    expect(keys.keyFor({ value: 500_000 })).toBe('key-3');
  });

  it('ignores the late answer of an older key', () => {
    const keys = new IdempotencyKeys(counter());
    keys.keyFor({ value: 1 });
    expect(keys.keyFor({ value: 2 })).toBe('key-2');
    keys.settle('key-1');
    expect(keys.keyFor({ value: 2 })).toBe('key-2');
  });

  it('makes UUIDs by default', () => {
    expect(new IdempotencyKeys().keyFor({})).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps the key only when nobody knows whether the server did it', () => {
    expect(outcomeUnknown(new ApiError({ status: 0, detail: '', code: 'network_error' }))).toBe(true);
    expect(outcomeUnknown(new ApiError({ status: 0, detail: '', code: 'timeout' }))).toBe(true);
    expect(outcomeUnknown(new ApiError({ status: 502, detail: '', code: 'http_502' }))).toBe(true);
    expect(outcomeUnknown(new ApiError({ status: 400, detail: 'No', code: 'invalid' }))).toBe(false);
    expect(outcomeUnknown(new ApiError({ status: 422, detail: 'Reused', code: 'idempotency_key_reused' }))).toBe(false);
  });
});

describe('useIdempotentMutation', () => {
  function renderFiling(answers: MockAnswer[]) {
    let next = 0;
    const { calls } = mockFetch({ 'POST /api/pending-loans': () => answers[Math.min(next++, answers.length - 1)] ?? 'hang' });
    const client = createTestQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(
      () =>
        useIdempotentMutation({
          mutationFn: (body: { value: number }, key: string) => api.post('/pending-loans', body, { headers: idempotencyHeaders(key) }),
        }),
      { wrapper },
    );
    const keys = () => calls.map((call) => call.headers['Idempotency-Key']);
    return { result, keys };
  }

  it('sends one key for a double click', async () => {
    const { result, keys } = renderFiling(['hang']);
    act(() => {
      result.current.mutate({ value: 500_000 });
      result.current.mutate({ value: 500_000 });
    });
    await waitFor(() => expect(keys()).toHaveLength(2));
    expect(new Set(keys()).size).toBe(1);
  });

  it('reuses the key for a retry after a network error, and takes a new one after success', async () => {
    const { result, keys } = renderFiling(['network-error', { status: 201, body: {} }, { status: 201, body: {} }]);
    await act(() => result.current.mutateAsync({ value: 500_000 }).catch(() => undefined));
    await act(() => result.current.mutateAsync({ value: 500_000 }));
    await act(() => result.current.mutateAsync({ value: 500_000 }));
    const [lost, retried, next] = keys();
    expect(retried).toBe(lost);
    expect(next).not.toBe(lost);
  });

  it('takes a new key after a refusal (nothing was filed) or when the body changes', async () => {
    const refused: MockAnswer = { status: 400, body: { detail: 'The maximum loan amount for your tier is €1,000,000', code: 'invalid' } };
    const { result, keys } = renderFiling([refused, 'network-error', 'network-error']);
    await act(() => result.current.mutateAsync({ value: 2_000_000 }).catch(() => undefined));
    await act(() => result.current.mutateAsync({ value: 2_000_000 }).catch(() => undefined));
    await act(() => result.current.mutateAsync({ value: 250_000 }).catch(() => undefined));
    const [first, second, third] = keys();
    expect(new Set([first, second, third]).size).toBe(3);
  });
});
