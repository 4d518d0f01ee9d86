import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  coalesceKinds,
  COALESCE_MS,
  connectLive,
  invalidateKinds,
  liveSocketUrl,
  parseNotice,
} from '@/lib/live';

class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  closed = false;
  constructor(readonly ticket: string) {}
  open() {
    this.onopen?.();
  }
  send(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent);
  }
  drop(code = 1006) {
    this.onclose?.({ code } as CloseEvent);
  }
  close() {
    this.closed = true;
  }
}

function setup(hasLiveSession?: () => boolean) {
  const sockets: FakeSocket[] = [];
  const scheduled: Array<{ ms: number; run: () => void }> = [];
  let ticketNumber = 0;
  const fetchTicket = vi.fn(() => Promise.resolve(`ticket-${++ticketNumber}`));
  const onNotice = vi.fn();
  const onReconnect = vi.fn();
  const onStatus = vi.fn();
  const stop = connectLive({
    fetchTicket,
    openSocket: (ticket) => {
      const socket = new FakeSocket(ticket);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
    onNotice,
    onReconnect,
    onStatus,
    hasLiveSession,
    schedule: (run, ms) => {
      const entry = { ms, run };
      scheduled.push(entry);
      return () => scheduled.splice(scheduled.indexOf(entry), 1);
    },
    random: () => 0,
  });
  return { sockets, scheduled, fetchTicket, onNotice, onReconnect, onStatus, stop };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('parseNotice', () => {
  it('reads the kinds of a bank_data notice', () => {
    expect(parseNotice('{"type":"bank_data","kinds":["players","loans"]}')).toEqual(['players', 'loans']);
  });

  it('keeps only the kinds it knows', () => {
    expect(parseNotice('{"type":"bank_data","kinds":["loans","weather",3]}')).toEqual(['loans']);
  });

  it('ignores anything else', () => {
    expect(parseNotice('{"type":"hello"}')).toBeNull();
    expect(parseNotice('{"type":"bank_data","kinds":"players"}')).toBeNull();
    expect(parseNotice('not json')).toBeNull();
    expect(parseNotice(42)).toBeNull();
  });
});

describe('backoffDelay', () => {
  it('doubles from 1 s up to 30 s', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => backoffDelay(attempt, noJitter))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('takes off at most a fifth as jitter', () => {
    expect(backoffDelay(0, () => 0.999)).toBeGreaterThanOrEqual(800);
  });
});

describe('liveSocketUrl', () => {
  it('uses wss on https and ws on http, on the page host', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'bank.example' }, 'a/b')).toBe('wss://bank.example/ws/bank/?ticket=a%2Fb');
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:8100' }, 't')).toBe('ws://127.0.0.1:8100/ws/bank/?ticket=t');
  });
});

describe('invalidateKinds', () => {
  it('invalidates every query whose key starts with a named kind', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['players', 'me'], 1);
    client.setQueryData(['loans', 'mine'], 2);
    client.setQueryData(['savings'], 3);
    invalidateKinds(client, ['players', 'loans', 'players']);
    expect(client.getQueryState(['players', 'me'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['loans', 'mine'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['savings'])?.isInvalidated).toBe(false);
  });

  it('also invalidates a query that names the kind in meta.liveKinds', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = {
      queryKey: ['loans', 'bank-data'] as const,
      queryFn: () => 1,
      meta: { liveKinds: ['pending_loans', 'solo_dividends'] as const },
    };
    await client.fetchQuery(observer);
    client.setQueryData(['credit', 1], 2);
    invalidateKinds(client, ['pending_loans']);
    expect(client.getQueryState(['loans', 'bank-data'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['credit', 1])?.isInvalidated).toBe(false);
  });
});

describe('connectLive', () => {
  it('opens a socket with a fresh ticket and passes notices on', async () => {
    const { sockets, onNotice, stop } = setup();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]?.ticket).toBe('ticket-1');
    sockets[0]?.open();
    sockets[0]?.send({ type: 'bank_data', kinds: ['players'] });
    sockets[0]?.send({ type: 'other' });
    expect(onNotice).toHaveBeenCalledTimes(1);
    expect(onNotice).toHaveBeenCalledWith(['players']);
    stop();
    expect(sockets[0]?.closed).toBe(true);
  });

  it('reconnects with back-off and a new ticket each time', async () => {
    const { sockets, scheduled, fetchTicket, onReconnect, stop } = setup();
    await flush();
    sockets[0]?.open();
    sockets[0]?.drop();
    expect(scheduled.map((entry) => entry.ms)).toEqual([1_000]);
    scheduled[0]?.run();
    scheduled.length = 0;
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    expect(sockets[1]?.ticket).toBe('ticket-2');
    sockets[1]?.drop(); // failed before opening: wait longer
    expect(scheduled.map((entry) => entry.ms)).toEqual([2_000]);
    scheduled[0]?.run();
    scheduled.length = 0;
    await flush();
    sockets[2]?.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    sockets[2]?.drop();
    expect(scheduled.map((entry) => entry.ms)).toEqual([1_000]); // back-off reset after a good open
    stop();
    expect(scheduled).toHaveLength(0);
  });

  it('after a 4013 close (the server cannot reach its database or Redis) waits longer each time until a hello', async () => {
    const { sockets, scheduled, stop } = setup();
    await flush();
    for (const expected of [2_000, 4_000, 8_000]) {
      const socket = sockets[sockets.length - 1];
      socket?.open(); // the server answers the handshake, then closes it: try again later
      socket?.drop(4013);
      expect(scheduled.map((entry) => entry.ms)).toEqual([expected]);
      scheduled.splice(0)[0]?.run();
      await flush();
    }
    sockets[sockets.length - 1]?.open();
    sockets[sockets.length - 1]?.send({ type: 'hello' }); // back: the next 4013 starts over
    sockets[sockets.length - 1]?.drop(4013);
    expect(scheduled.map((entry) => entry.ms)).toEqual([2_000]);
    stop();
  });

  it('spreads the return after a 4013 close over up to five seconds', async () => {
    const scheduled: number[] = [];
    const sockets: FakeSocket[] = [];
    const stop = connectLive({
      fetchTicket: () => Promise.resolve('ticket'),
      openSocket: (ticket) => {
        const socket = new FakeSocket(ticket);
        sockets.push(socket);
        return socket as unknown as WebSocket;
      },
      onNotice: () => undefined,
      schedule: (_run, ms) => {
        scheduled.push(ms);
        return () => undefined;
      },
      random: () => 1,
    });
    await flush();
    sockets[0]?.drop(4013);
    // 2 s less the 20% jitter, plus the whole 5 s spread
    expect(scheduled).toEqual([1_600 + 5_000]);
    stop();
  });

  it('retries when no ticket can be had', async () => {
    const scheduled: number[] = [];
    const stop = connectLive({
      fetchTicket: () => Promise.reject(new Error('offline')),
      openSocket: () => {
        throw new Error('should not open');
      },
      onNotice: () => undefined,
      schedule: (_run, ms) => {
        scheduled.push(ms);
        return () => undefined;
      },
      random: () => 0,
    });
    await flush();
    expect(scheduled).toEqual([1_000]);
    stop();
  });

  it("reports 'open' on the server's hello and 'closed' when the socket drops", async () => {
    const { sockets, onStatus, onNotice, stop } = setup();
    await flush();
    sockets[0]?.open();
    expect(onStatus).not.toHaveBeenCalled(); // open, but the groups are not joined yet
    sockets[0]?.send({ type: 'hello' });
    expect(onStatus).toHaveBeenLastCalledWith('open');
    expect(onNotice).not.toHaveBeenCalled();
    sockets[0]?.drop();
    expect(onStatus).toHaveBeenLastCalledWith('closed');
    expect(onStatus).toHaveBeenCalledTimes(2);
    stop();
  });

  it('after a 4401 close reconnects with a new ticket while the tab still has a live session', async () => {
    const { sockets, scheduled, fetchTicket, stop } = setup(() => true);
    await flush();
    sockets[0]?.open();
    sockets[0]?.drop(4401); // the session that opened it ended; the tab has signed in again meanwhile
    expect(scheduled).toHaveLength(1);
    scheduled[0]?.run();
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(2);
    expect(sockets[1]?.ticket).toBe('ticket-2');
    stop();
  });

  it('stops for good when the socket closes and the tab is signed out', async () => {
    let signedIn = true;
    const { sockets, scheduled, fetchTicket, onStatus } = setup(() => signedIn);
    await flush();
    sockets[0]?.open();
    signedIn = false;
    sockets[0]?.drop(4401);
    expect(onStatus).toHaveBeenLastCalledWith('closed');
    expect(scheduled).toHaveLength(0);
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(1);
  });

  it('asks no ticket when the session ended while it waited to reconnect', async () => {
    let signedIn = true;
    const { sockets, scheduled, fetchTicket } = setup(() => signedIn);
    await flush();
    sockets[0]?.drop(); // a network drop: back-off, then a new ticket
    signedIn = false;
    scheduled[0]?.run();
    await flush();
    expect(fetchTicket).toHaveBeenCalledTimes(1);
    expect(sockets).toHaveLength(1);
  });

  it('opens nothing once stopped', async () => {
    const { sockets, stop } = setup();
    stop();
    await flush();
    expect(sockets).toHaveLength(0);
  });
});

describe('coalesceKinds', () => {
  function manualSchedule() {
    const waiting: Array<{ ms: number; run: () => void }> = [];
    const schedule = (run: () => void, ms: number) => {
      const entry = { ms, run };
      waiting.push(entry);
      return () => waiting.splice(waiting.indexOf(entry), 1);
    };
    const runAll = () => waiting.splice(0).forEach((entry) => entry.run());
    return { waiting, schedule, runAll };
  }

  it('hands a burst of notices on once, with every kind named once', () => {
    const flush = vi.fn();
    const { waiting, schedule, runAll } = manualSchedule();
    const notices = coalesceKinds(flush, schedule);
    notices.add(['loans']);
    notices.add(['pending_loans', 'loans']);
    notices.add(['credit', 'players']);
    expect(waiting.map((entry) => entry.ms)).toEqual([COALESCE_MS]);
    expect(flush).not.toHaveBeenCalled();
    runAll();
    expect(flush).toHaveBeenCalledTimes(1);
    expect(flush).toHaveBeenCalledWith(['credit', 'loans', 'pending_loans', 'players']);
    notices.add(['savings']); // a later notice starts a new gathering
    runAll();
    expect(flush).toHaveBeenLastCalledWith(['savings']);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('drops what is gathered when stopped', () => {
    const flush = vi.fn();
    const { waiting, schedule } = manualSchedule();
    const notices = coalesceKinds(flush, schedule);
    notices.add(['loans']);
    notices.stop();
    expect(waiting).toHaveLength(0);
    expect(flush).not.toHaveBeenCalled();
  });

  it('refreshes the queries once for a burst, through the real timer', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const notices = coalesceKinds((kinds) => invalidateKinds(client, kinds));
    notices.add(['loans']);
    notices.add(['pending_loans']);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(COALESCE_MS);
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
