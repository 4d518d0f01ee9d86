import { useState } from 'react';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** The header that lets the server file a request once, however often it arrives (DESIGN.md). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function idempotencyHeaders(key: string): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: key };
}

/** True when nobody can say whether the server did it: no answer at all, or a server failure. */
export function outcomeUnknown(error: unknown): boolean {
  return !(error instanceof ApiError) || error.isUnreachable || error.status >= 500;
}

/**
 * The key of one form submission. The same body gets the same key until the server has answered
 * it for sure, so a double click or a retry after a lost answer is filed once; a changed body (the
 * form changed) or a settled answer (success, or a refusal: nothing was filed) starts a new key.
 */
export class IdempotencyKeys {
  private current: { fingerprint: string; key: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  keyFor(body: unknown): string {
    const fingerprint = JSON.stringify(body) ?? '';
    if (this.current?.fingerprint !== fingerprint) this.current = { fingerprint, key: this.newKey() };
    return this.current.key;
  }

  /** The server answered the request sent with `key`: the next submission is a new one. */
  settle(key: string): void {
    if (this.current?.key === key) this.current = null;
  }
}

type IdempotentMutationOptions<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'> & {
  /** Sends the request with `headers: idempotencyHeaders(key)`. */
  mutationFn: (variables: TVariables, idempotencyKey: string) => Promise<TData>;
};

/**
 * useMutation for a call that files a request or moves money: each submission carries an
 * Idempotency-Key, reused while the same submission is retried or clicked twice.
 */
export function useIdempotentMutation<TData, TVariables>({ mutationFn, ...options }: IdempotentMutationOptions<TData, TVariables>) {
  const [keys] = useState(() => new IdempotencyKeys());
  return useMutation<TData, Error, TVariables>({
    ...options,
    mutationFn: async (variables) => {
      const key = keys.keyFor(variables);
      try {
        const answer = await mutationFn(variables, key);
        keys.settle(key);
        return answer;
      } catch (error) {
        if (!outcomeUnknown(error)) keys.settle(key);
        throw error;
      }
    },
  });
}
