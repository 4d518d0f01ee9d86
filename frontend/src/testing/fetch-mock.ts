import { vi } from 'vitest';

export interface MockCall {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

export type MockAnswer = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network-error' | 'hang';

type Handler = (call: MockCall) => MockAnswer;

/**
 * Replaces fetch with a router keyed by "METHOD /path" (no query string). Unknown routes answer
 * 404 with the API's error shape. 'hang' never answers, until the request is aborted.
 */
export function mockFetch(routes: Record<string, MockAnswer | Handler>) {
  const calls: MockCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = { ...(init.headers as Record<string, string> | undefined) };
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call: MockCall = { method, url, headers, body };
    calls.push(call);
    const route = routes[`${method} ${url.split('?')[0]}`];
    const answer = typeof route === 'function' ? route(call) : (route ?? { status: 404, body: { detail: 'Not found.', code: 'not_found', fields: {} } });
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A JWT-shaped token (unsigned) whose claims the UI can read. */
export function fakeToken(claims: Record<string, unknown> = {}): string {
  const encode = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ token_type: 'access', ...claims })}.signature`;
}
