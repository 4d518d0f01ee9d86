import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KEEP_ALIVE_PATHS, pickKeepAlivePath, pingKeepAlive, useKeepAlive } from '@/features/admin/keep-alive';
import { mockFetch } from '@/testing/fetch-mock';

describe('keep-alive', () => {
  it('picks among the five paths', () => {
    expect(KEEP_ALIVE_PATHS).toEqual(['/keep-alive/ping', '/health', '/status', '/heartbeat', '/alive']);
    expect(pickKeepAlivePath(() => 0)).toBe('/keep-alive/ping');
    expect(pickKeepAlivePath(() => 0.25)).toBe('/health');
    expect(pickKeepAlivePath(() => 0.5)).toBe('/status');
    expect(pickKeepAlivePath(() => 0.7)).toBe('/heartbeat');
    expect(pickKeepAlivePath(() => 0.999999)).toBe('/alive');
  });

  it('pings the chosen path without the token', async () => {
    localStorage.setItem('access_token', 'a.b.c');
    const { calls } = mockFetch({ 'GET /api/heartbeat': { body: { status: 'ok' } } });
    await pingKeepAlive(() => 0.7);
    expect(calls[0]?.url).toBe('/api/heartbeat');
    expect(calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('pings one of the paths every 30 seconds while mounted, and stops when unmounted', async () => {
    vi.useFakeTimers();
    const { calls } = mockFetch({
      'GET /api/keep-alive/ping': { body: { status: 'ok' } },
      'GET /api/health': { body: { status: 'ok' } },
      'GET /api/status': { body: { status: 'ok' } },
      'GET /api/heartbeat': { body: { status: 'ok' } },
      'GET /api/alive': { body: { status: 'ok' } },
    });
    const { unmount } = renderHook(() => useKeepAlive());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect(KEEP_ALIVE_PATHS.map((path) => `/api${path}`)).toContain(call.url);
    }
    unmount();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(calls).toHaveLength(3);
  });

  it('gives up on a ping after 5 seconds', async () => {
    vi.useFakeTimers();
    mockFetch({ 'GET /api/alive': 'hang' });
    const outcome = pingKeepAlive(() => 0.99).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await outcome).toMatchObject({ code: 'timeout' });
  });
});
