import { useEffect } from 'react';
import { api } from '@/lib/api-client';

/** Admin keep-alive (spec admin-side §7): every 30 s, one of these, 5 s timeout. */
export const KEEP_ALIVE_PATHS = ['/keep-alive/ping', '/health', '/status', '/heartbeat', '/alive'] as const;
const KEEP_ALIVE_INTERVAL_MS = 30_000;
const KEEP_ALIVE_TIMEOUT_MS = 5_000;

export function pickKeepAlivePath(random: () => number = Math.random): (typeof KEEP_ALIVE_PATHS)[number] {
  const index = Math.min(KEEP_ALIVE_PATHS.length - 1, Math.floor(random() * KEEP_ALIVE_PATHS.length));
  return KEEP_ALIVE_PATHS[index] ?? KEEP_ALIVE_PATHS[0];
}

export function pingKeepAlive(random: () => number = Math.random): Promise<unknown> {
  return api.get(pickKeepAlivePath(random), { auth: false, timeoutMs: KEEP_ALIVE_TIMEOUT_MS });
}

/** Pings while mounted, i.e. while an admin is signed in on the admin panel. */
export function useKeepAlive(): void {
  useEffect(() => {
    const timer = setInterval(() => {
      pingKeepAlive().catch((error: unknown) => console.warn('Keep-alive ping failed', error));
    }, KEEP_ALIVE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);
}
