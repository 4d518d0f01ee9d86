/** Browser storage keys named by the spec (player-side §3). */
export const storageKeys = {
  accessToken: 'access_token',
  username: 'username',
  loginTime: 'login_time',
  theme: 'theme',
  playerTimezone: 'playerTimezone',
  redirectAfterLogin: 'redirectAfterLogin',
} as const;

export interface StoredSession {
  accessToken: string;
  username: string;
  loginTime: number | null;
}

export function readStoredSession(): StoredSession | null {
  const accessToken = localStorage.getItem(storageKeys.accessToken);
  if (!accessToken) return null;
  const rawTime = Number(localStorage.getItem(storageKeys.loginTime));
  return {
    accessToken,
    username: localStorage.getItem(storageKeys.username) ?? '',
    loginTime: Number.isFinite(rawTime) && rawTime > 0 ? rawTime : null,
  };
}

export function storeSession(session: { accessToken: string; username: string; loginTime: number }): void {
  localStorage.setItem(storageKeys.accessToken, session.accessToken);
  localStorage.setItem(storageKeys.username, session.username);
  localStorage.setItem(storageKeys.loginTime, String(session.loginTime));
}

export function storeRenewedToken(accessToken: string, loginTime: number): void {
  localStorage.setItem(storageKeys.accessToken, accessToken);
  localStorage.setItem(storageKeys.loginTime, String(loginTime));
}

export function clearStoredSession(): void {
  localStorage.removeItem(storageKeys.accessToken);
  localStorage.removeItem(storageKeys.username);
  localStorage.removeItem(storageKeys.loginTime);
}

export function getAccessToken(): string | null {
  return localStorage.getItem(storageKeys.accessToken);
}

const sessionKeys: ReadonlySet<string> = new Set([storageKeys.accessToken, storageKeys.username, storageKeys.loginTime]);

/**
 * Calls `onChange` when another tab of this browser changes the stored session (the browser
 * sends `storage` events to every other tab of the origin; `key` is null after a clear()).
 * Returns the function that stops listening.
 */
export function onStoredSessionChange(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === null || sessionKeys.has(event.key)) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/** The player's chosen GMT offset, default +1, the admins' own (docs/rules.md, Savings screens). */
const DEFAULT_PLAYER_TIMEZONE = 1;

/** The stored GMT offset (`"+1"`, `"-5"`); the default when none is stored or it cannot be read. */
export function readPlayerTimezone(): number {
  const stored = localStorage.getItem(storageKeys.playerTimezone);
  if (stored === null) return DEFAULT_PLAYER_TIMEZONE;
  const offset = Number(stored.trim());
  return Number.isInteger(offset) && offset >= -12 && offset <= 12 ? offset : DEFAULT_PLAYER_TIMEZONE;
}

export function storePlayerTimezone(offset: number): void {
  localStorage.setItem(storageKeys.playerTimezone, `${offset < 0 ? '-' : '+'}${Math.abs(offset)}`);
}
