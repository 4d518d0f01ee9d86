import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isLiveKind, type LiveKind } from '@/lib/live-kinds';

/**
 * Live refresh: one WebSocket per signed-in tab. The server only says which kinds of data
 * changed; React Query refetches them (every query key starts with its kind).
 */
const BACKOFF_INITIAL_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/**
 * The server closes a socket with 4013 ("try again later": RFC 6455's 1013, in the range a server
 * may send) while its database or Redis cannot be reached: every tab hears it at once, so each waits longer after each such close (until the
 * server says hello again) and spreads its return over up to this much more.
 */
const TRY_AGAIN_LATER = 4013;
const TRY_AGAIN_SPREAD_MS = 5_000;

/** Kinds named by a `{"type":"bank_data","kinds":[...]}` notice, or null for anything else. */
export function parseNotice(data: unknown): LiveKind[] | null {
  if (typeof data !== 'string') return null;
  try {
    const message: unknown = JSON.parse(data);
    if (!message || typeof message !== 'object') return null;
    const { type, kinds } = message as { type?: unknown; kinds?: unknown };
    if (type !== 'bank_data' || !Array.isArray(kinds)) return null;
    return kinds.filter(isLiveKind);
  } catch {
    return null;
  }
}

/** 1 s, 2 s, 4 s ... capped at 30 s, with up to 20% jitter so tabs do not reconnect in step. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 - 0.2 * random()));
}

export function liveSocketUrl(location: Pick<Location, 'protocol' | 'host'>, ticket: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/bank/?ticket=${encodeURIComponent(ticket)}`;
}

/**
 * A query that one call fills from several kinds of data (the player's bank data: loans, loan
 * requests, dividends) names the further kinds in `meta.liveKinds`; their notices refresh it too.
 */
function liveKindsOf(meta: unknown): readonly LiveKind[] {
  const kinds = (meta as { liveKinds?: unknown } | undefined)?.liveKinds;
  return Array.isArray(kinds) ? kinds.filter(isLiveKind) : [];
}

export function invalidateKinds(queryClient: QueryClient, kinds: readonly LiveKind[]): void {
  const named = new Set<LiveKind>(kinds);
  void queryClient.invalidateQueries({
    predicate: (query) => named.has(query.queryKey[0]) || liveKindsOf(query.meta).some((kind) => named.has(kind)),
  });
}

type LiveStatus = 'open' | 'closed';

/** True for the server's `{"type":"hello"}`, sent once the tab's groups are joined. */
function isHello(data: unknown): boolean {
  if (typeof data !== 'string') return false;
  try {
    const message: unknown = JSON.parse(data);
    return !!message && typeof message === 'object' && (message as { type?: unknown }).type === 'hello';
  } catch {
    return false;
  }
}

export interface LiveConnectionOptions {
  fetchTicket: () => Promise<string>;
  openSocket: (ticket: string) => WebSocket;
  onNotice: (kinds: LiveKind[]) => void;
  /** Called when a socket opens again after a drop: notices may have been missed meanwhile. */
  onReconnect?: () => void;
  /** 'open' once the server says this tab has joined its groups, 'closed' when the socket drops. */
  onStatus?: (status: LiveStatus) => void;
  /**
   * Whether the tab still has a live session. The server closes a socket (4401) when its session
   * ends or expires: the tab reconnects only while this holds, and a signed-out tab stops.
   */
  hasLiveSession?: () => boolean;
  schedule?: (callback: () => void, ms: number) => () => void;
  random?: () => number;
}

const defaultSchedule = (callback: () => void, ms: number) => {
  const timer = setTimeout(callback, ms);
  return () => clearTimeout(timer);
};

/** Keeps one socket open, with a new ticket and back-off on every reconnect. Returns stop(). */
export function connectLive(options: LiveConnectionOptions): () => void {
  const schedule = options.schedule ?? defaultSchedule;
  let stopped = false;
  let socket: WebSocket | null = null;
  let cancelRetry: (() => void) | null = null;
  let attempt = 0;
  let busyCloses = 0;
  let everOpened = false;
  const random = options.random ?? Math.random;

  const signedOut = () => options.hasLiveSession?.() === false;

  const retry = (delay: number = backoffDelay(attempt, random)) => {
    if (stopped || signedOut()) return;
    attempt += 1;
    cancelRetry = schedule(() => {
      cancelRetry = null;
      void open();
    }, delay);
  };

  const open = async () => {
    if (signedOut()) return;
    let ticket: string;
    try {
      ticket = await options.fetchTicket();
    } catch {
      retry();
      return;
    }
    if (stopped) return;
    const current = options.openSocket(ticket);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      if (everOpened) options.onReconnect?.();
      everOpened = true;
    };
    current.onmessage = (event: MessageEvent) => {
      if (isHello(event.data)) {
        busyCloses = 0;
        options.onStatus?.('open');
        return;
      }
      const kinds = parseNotice(event.data);
      if (kinds && kinds.length > 0) options.onNotice(kinds);
    };
    current.onclose = (event: CloseEvent) => {
      if (socket === current) socket = null;
      options.onStatus?.('closed');
      if (event.code === TRY_AGAIN_LATER) {
        busyCloses += 1;
        retry(backoffDelay(busyCloses, random) + Math.round(random() * TRY_AGAIN_SPREAD_MS));
      } else {
        retry();
      }
    };
  };

  void open();

  return () => {
    stopped = true;
    cancelRetry?.();
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'signed out');
      socket = null;
    }
  };
}

/** How long notices are gathered before one refresh: one change sends several in a burst. */
export const COALESCE_MS = 50;

/**
 * Gathers the kinds of notices that arrive close together and hands them on once, so that a
 * change the server announces in several notices (a loan approval: loans, loan requests,
 * credit) refetches each query once, not once per notice.
 */
export function coalesceKinds(
  flush: (kinds: LiveKind[]) => void,
  schedule: (callback: () => void, ms: number) => () => void = defaultSchedule,
  waitMs: number = COALESCE_MS,
): { add: (kinds: readonly LiveKind[]) => void; stop: () => void } {
  let pending = new Set<LiveKind>();
  let cancel: (() => void) | null = null;
  return {
    add(kinds) {
      for (const kind of kinds) pending.add(kind);
      if (cancel || pending.size === 0) return;
      cancel = schedule(() => {
        cancel = null;
        const gathered = [...pending].sort();
        pending = new Set();
        flush(gathered);
      }, waitMs);
    },
    stop() {
      cancel?.();
      cancel = null;
      pending = new Set();
    },
  };
}

/** Starts live refresh for the signed-in user; returns the function that stops it. */
export function startLiveUpdates(queryClient: QueryClient, hasLiveSession?: () => boolean): () => void {
  const root = document.documentElement;
  const notices = coalesceKinds((kinds) => invalidateKinds(queryClient, kinds));
  const stop = connectLive({
    fetchTicket: async () => (await api.post('/ws-ticket')).ticket,
    openSocket: (ticket) => new WebSocket(liveSocketUrl(window.location, ticket)),
    onNotice: (kinds) => notices.add(kinds),
    onReconnect: () => void queryClient.invalidateQueries(),
    hasLiveSession,
    // Shown on <html data-live>: browser tests wait for it instead of sleeping.
    onStatus: (status) => {
      root.dataset.live = status;
    },
  });
  return () => {
    stop();
    notices.stop();
    delete root.dataset.live;
  };
}
