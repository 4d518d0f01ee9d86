/**
 * All tabs of one browser share one session, kept in local storage (spec player-side §3 keys).
 * When another tab changes it, this tab compares what it shows with what is stored and follows:
 * an extension restarts its clock, a logout or expiry signs it out, a new sign-in replaces it.
 */
import { getPageConfig } from '@/lib/page-config';
import { readStoredSession, type StoredSession } from '@/lib/storage';
import { isSessionOver } from '@/features/auth/session';
import { decodeTokenClaims } from '@/features/auth/token';

/** The session a tab shows: its token and the login time its clock counts from. */
export interface TabSession {
  accessToken: string;
  loginTime: number;
}

export type SessionChange =
  | { kind: 'unchanged' }
  | { kind: 'ended' }
  | { kind: 'extended'; accessToken: string; loginTime: number }
  | { kind: 'started'; accessToken: string; username: string; loginTime: number };

/** The server's session id (`sid` claim), the same for every token of one sign-in. */
export function sessionIdOf(token: string): string | null {
  const sid = decodeTokenClaims(token)?.sid;
  return typeof sid === 'string' && sid ? sid : null;
}

function sameSession(a: string, b: string): boolean {
  if (a === b) return true;
  const sid = sessionIdOf(a);
  return sid !== null && sid === sessionIdOf(b);
}

/** What this tab must do now that local storage holds `stored`. */
export function sessionChange(tab: TabSession | null, stored: StoredSession | null): SessionChange {
  if (!stored) return tab ? { kind: 'ended' } : { kind: 'unchanged' };
  // Another tab writes the keys one by one: wait for its login time.
  if (stored.loginTime === null) return { kind: 'unchanged' };
  if (tab && sameSession(tab.accessToken, stored.accessToken)) {
    return stored.loginTime > tab.loginTime
      ? { kind: 'extended', accessToken: stored.accessToken, loginTime: stored.loginTime }
      : { kind: 'unchanged' };
  }
  return { kind: 'started', accessToken: stored.accessToken, username: stored.username, loginTime: stored.loginTime };
}

/** Whether the browser still holds a session within its lifetime (any tab may have ended it). */
export function hasLiveStoredSession(now: number = Date.now()): boolean {
  const stored = readStoredSession();
  return stored !== null && !isSessionOver(stored.loginTime, now, getPageConfig());
}
