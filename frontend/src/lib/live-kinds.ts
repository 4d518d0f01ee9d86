/**
 * The kinds of data a live notice names (the server's list: `bank/live.py` KINDS, which each
 * app fills from its `vocabulary.py`; `bank/tests/test_live_kinds.py` fails when the two
 * differ). Every React Query key starts with one of them, so that a notice refreshes exactly the
 * queries of the kinds it names.
 */
export const LIVE_KINDS = [
  'players',
  'credit',
  'loans',
  'pending_loans',
  'savings',
  'withdrawal_requests',
  'pearl_exchange_requests',
  'exchange_settings',
  'solo_dividends',
  'audit',
  'notifications',
  'jobs',
  'backups',
  'officers',
  'bank_settings',
  'proposals',
] as const;

export type LiveKind = (typeof LIVE_KINDS)[number];

/** A query key: a live kind first, then whatever narrows it (general to specific). */
type LiveKey = readonly [LiveKind, ...unknown[]];

/**
 * A query that one call fills from several kinds of data names the further kinds here; their
 * notices refresh it too (lib/live.ts `invalidateKinds`).
 */
type LiveQueryMeta = { liveKinds?: readonly LiveKind[] };

const KNOWN: ReadonlySet<string> = new Set(LIVE_KINDS);

export function isLiveKind(value: unknown): value is LiveKind {
  return typeof value === 'string' && KNOWN.has(value);
}

/** The root of a key factory: `all: liveRoot('loans')`. */
export function liveRoot<K extends LiveKind>(kind: K): readonly [K] {
  return [kind] as const;
}

// Every key and every query meta in the app is checked against the kinds: a key that does not
// start with a kind a notice refreshes does not compile.
declare module '@tanstack/react-query' {
  interface Register {
    queryKey: LiveKey;
    mutationKey: LiveKey;
    queryMeta: LiveQueryMeta;
  }
}
