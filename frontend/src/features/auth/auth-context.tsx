import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, setUnauthorizedHandler } from '@/lib/api-client';
import { getPageConfig } from '@/lib/page-config';
import {
  clearStoredSession,
  onStoredSessionChange,
  readStoredSession,
  storeRenewedToken,
  storeSession,
} from '@/lib/storage';
import { login as loginCall } from '@/features/auth/api/login';
import type { FactorChallenge, LoginAnswer } from '@/features/auth/api/types';
import { verifyToken } from '@/features/auth/api/verify-token';
import { extendSession as extendSessionCall, revokeToken } from '@/features/auth/api/session';
import { authMessages, sessionEndedMessage } from '@/features/auth/messages';
import { isSessionOver } from '@/features/auth/session';
import { sessionChange } from '@/features/auth/session-sync';
import { decodeTokenClaims } from '@/features/auth/token';
import { SessionWatcher } from '@/features/auth/session-watcher';

/** After logout the guard must not remember the page being left, for this long (docs/rules.md, Screens). */
const FORCED_LOGOUT_MS = 1_000;

export interface SignedInUser {
  username: string;
  /** The token this tab works with; every tab of the browser shares it through local storage. */
  accessToken: string;
  isAdmin: boolean;
  hasSoloAccess: boolean;
  loginTime: number;
  /** False when the startup token check could not reach the server: no expiry timers then. */
  timersEnabled: boolean;
}

export type AuthState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | ({ status: 'authenticated' } & SignedInUser);

export interface AuthContextValue {
  state: AuthState;
  forcedLogout: boolean;
  /** Why the server ended the session this tab had (its 401), shown on the sign-in screen; null after a logout of one's own. */
  sessionEnded: string | null;
  /** Signs in, or answers the challenge for a second factor's code (then `loginWithFactor`). */
  login: (credentials: { username: string; password: string }) => Promise<SignedInUser | FactorChallenge>;
  /** Starts the session a sign-in answered (the second factor's step calls it with its token). */
  adoptSession: (answer: LoginAnswer, typedName: string) => SignedInUser;
  logout: () => Promise<void>;
  extendSession: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

function claimFlag(token: string, claim: string): boolean {
  return decodeTokenClaims(token)?.[claim] === true;
}

/** Before the first render: a stored session to check with the server, or nobody signed in. */
function startingState(): AuthState {
  const stored = readStoredSession();
  if (!stored) return { status: 'anonymous' };
  if (isSessionOver(stored.loginTime, Date.now(), getPageConfig())) {
    clearStoredSession();
    return { status: 'anonymous' };
  }
  return { status: 'checking' };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(startingState);
  const [forcedLogout, setForcedLogout] = useState(false);
  const [sessionEnded, setSessionEnded] = useState<string | null>(null);
  const loggingOut = useRef(false);
  const checking401 = useRef(false);
  const retriedWith = useRef<string | null>(null);
  const forcedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The latest state, for the handlers of other tabs' changes (they run outside rendering).
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const showState = useCallback((next: AuthState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const endSession = useCallback((reason: string | null = null) => {
    clearStoredSession();
    queryClient.clear();
    showState({ status: 'anonymous' });
    setSessionEnded(reason);
    setForcedLogout(true);
    clearTimeout(forcedTimer.current);
    forcedTimer.current = setTimeout(() => setForcedLogout(false), FORCED_LOGOUT_MS);
  }, [queryClient, showState]);

  /**
   * Brings this tab in line with the session another tab stored (extended, ended, or a new
   * sign-in). Returns false when there was nothing to follow.
   */
  const followStoredSession = useCallback((): boolean => {
    const current = stateRef.current;
    if (current.status === 'checking') return false; // the startup check decides first
    const tab = current.status === 'authenticated' ? current : null;
    const change = sessionChange(tab, readStoredSession());
    if (change.kind === 'ended') {
      endSession();
    } else if (change.kind === 'extended' && tab) {
      showState({ ...tab, accessToken: change.accessToken, loginTime: change.loginTime });
    } else if (change.kind === 'started') {
      queryClient.clear();
      setSessionEnded(null);
      showState({
        status: 'authenticated',
        username: change.username,
        accessToken: change.accessToken,
        isAdmin: claimFlag(change.accessToken, 'is_admin'),
        hasSoloAccess: claimFlag(change.accessToken, 'has_solo_access'),
        loginTime: change.loginTime,
        timersEnabled: true,
      });
    }
    return change.kind !== 'unchanged';
  }, [endSession, queryClient, showState]);

  useEffect(() => onStoredSessionChange(() => void followStoredSession()), [followStoredSession]);

  /** Revokes the stored token (if any) and ends the session; `reason` is what the sign-in screen says. */
  const signOut = useCallback(
    async (reason: string | null) => {
      if (loggingOut.current) return;
      loggingOut.current = true;
      try {
        if (readStoredSession()) await revokeToken().catch(() => undefined);
        endSession(reason);
      } finally {
        loggingOut.current = false;
      }
    },
    [endSession],
  );

  const logout = useCallback(() => signOut(null), [signOut]);

  /**
   * A 401 ends the session (docs/rules.md, Screens), unless the call went out with a token that another tab
   * has since replaced by extending: then the stored token still works, and this tab follows it
   * and asks again, once per token (a second 401 with the same token is real). The sign-in screen
   * then says why, in the 401's words.
   */
  const onUnauthorized = useCallback(async (error: ApiError) => {
    if (checking401.current) return;
    checking401.current = true;
    try {
      const stored = readStoredSession();
      const retried = stored !== null && stored.accessToken === retriedWith.current;
      const answer = stored && !retried ? await verifyToken(stored.accessToken).catch(() => null) : null;
      if (stored && answer?.valid) {
        retriedWith.current = stored.accessToken;
        followStoredSession();
        void queryClient.invalidateQueries(); // what failed with the old token, again with the new
        return;
      }
      const reason = sessionEndedMessage(error);
      if (answer) endSession(reason); // the server says the stored token is over: nothing to revoke
      else await signOut(reason);
    } finally {
      checking401.current = false;
    }
  }, [endSession, followStoredSession, signOut, queryClient]);

  useEffect(() => {
    setUnauthorizedHandler((error) => void onUnauthorized(error));
    return () => setUnauthorizedHandler(null);
  }, [onUnauthorized]);

  /** The countdown reached zero: unless another tab extended meanwhile, the session ends. */
  const expire = useCallback(async () => {
    if (followStoredSession()) return;
    await logout();
  }, [followStoredSession, logout]);

  useEffect(() => () => clearTimeout(forcedTimer.current), []);

  // Startup: restore the stored session if the server still accepts its token.
  useEffect(() => {
    let cancelled = false;
    const stored = readStoredSession();
    if (!stored) return undefined; // startingState found nothing to check
    const loginTime = stored.loginTime ?? Date.now();
    verifyToken(stored.accessToken)
      .then((answer) => {
        if (cancelled) return;
        if (!answer.valid) {
          clearStoredSession();
          showState({ status: 'anonymous' });
          return;
        }
        showState({
          status: 'authenticated',
          username: answer.username || stored.username,
          accessToken: stored.accessToken,
          isAdmin: answer.is_admin,
          hasSoloAccess: answer.has_solo_access,
          loginTime,
          timersEnabled: true,
        });
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        if (error instanceof ApiError && error.isUnreachable) {
          // Spec §4: a timeout or network failure keeps the session, with no timers and no
          // solo access; the role falls back to the token's own claim.
          showState({
            status: 'authenticated',
            username: stored.username,
            accessToken: stored.accessToken,
            isAdmin: claimFlag(stored.accessToken, 'is_admin'),
            hasSoloAccess: false,
            loginTime,
            timersEnabled: false,
          });
          return;
        }
        clearStoredSession();
        showState({ status: 'anonymous' });
      });
    return () => {
      cancelled = true;
    };
  }, [showState]);

  const signedIn = useCallback(
    (answer: LoginAnswer, typedName: string): SignedInUser => {
      if (!answer.access_token) throw new Error(authMessages.missingToken);
      if (!decodeTokenClaims(answer.access_token)) throw new Error(authMessages.invalidToken);
      const user: SignedInUser = {
        username: answer.username || typedName,
        accessToken: answer.access_token,
        isAdmin: answer.is_admin === true,
        hasSoloAccess: answer.has_solo_access === true,
        loginTime: Date.now(),
        timersEnabled: true,
      };
      storeSession({ accessToken: answer.access_token, username: user.username, loginTime: user.loginTime });
      queryClient.clear();
      setForcedLogout(false);
      setSessionEnded(null);
      showState({ status: 'authenticated', ...user });
      return user;
    },
    [queryClient, showState],
  );

  const login = useCallback(
    async (credentials: { username: string; password: string }): Promise<SignedInUser | FactorChallenge> => {
      const answer = await loginCall(credentials);
      if ('challenge' in answer && answer.factor_required) return answer;
      return signedIn(answer as LoginAnswer, credentials.username);
    },
    [signedIn],
  );

  const extendSession = useCallback(async () => {
    const answer = await extendSessionCall();
    const loginTime = Date.now();
    storeRenewedToken(answer.access_token, loginTime);
    const current = stateRef.current;
    if (current.status === 'authenticated') showState({ ...current, accessToken: answer.access_token, loginTime });
  }, [showState]);

  const value = useMemo<AuthContextValue>(
    () => ({ state, forcedLogout, sessionEnded, login, adoptSession: signedIn, logout, extendSession }),
    [state, forcedLogout, sessionEnded, login, signedIn, logout, extendSession],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {state.status === 'authenticated' && state.timersEnabled && (
        <SessionWatcher
          // a new login time (an extension) starts a fresh clock
          key={state.loginTime}
          loginTime={state.loginTime}
          timing={getPageConfig()}
          onExtend={extendSession}
          onLogout={logout}
          onExpire={expire}
        />
      )}
    </AuthContext.Provider>
  );
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
