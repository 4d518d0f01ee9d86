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
import { clearStoredSession, readStoredSession, storeRenewedToken, storeSession } from '@/lib/storage';
import { login as loginCall } from '@/features/auth/api/login';
import { verifyToken } from '@/features/auth/api/verify-token';
import { extendSession as extendSessionCall, revokeToken } from '@/features/auth/api/session';
import { authMessages } from '@/features/auth/messages';
import { isSessionOver } from '@/features/auth/session';
import { decodeTokenClaims } from '@/features/auth/token';
import { SessionWatcher } from '@/features/auth/session-watcher';

/** After logout the guard must not remember the page being left, for this long (spec §9). */
export const FORCED_LOGOUT_MS = 1_000;

export interface SignedInUser {
  username: string;
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
  login: (credentials: { username: string; password: string }) => Promise<SignedInUser>;
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
  const loggingOut = useRef(false);
  const forcedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const endSession = useCallback(() => {
    clearStoredSession();
    queryClient.clear();
    setState({ status: 'anonymous' });
    setForcedLogout(true);
    clearTimeout(forcedTimer.current);
    forcedTimer.current = setTimeout(() => setForcedLogout(false), FORCED_LOGOUT_MS);
  }, [queryClient]);

  const logout = useCallback(async () => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    try {
      if (readStoredSession()) await revokeToken().catch(() => undefined);
      endSession();
    } finally {
      loggingOut.current = false;
    }
  }, [endSession]);

  useEffect(() => {
    setUnauthorizedHandler(() => void logout());
    return () => setUnauthorizedHandler(null);
  }, [logout]);

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
          setState({ status: 'anonymous' });
          return;
        }
        setState({
          status: 'authenticated',
          username: answer.username || stored.username,
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
          setState({
            status: 'authenticated',
            username: stored.username,
            isAdmin: claimFlag(stored.accessToken, 'is_admin'),
            hasSoloAccess: false,
            loginTime,
            timersEnabled: false,
          });
          return;
        }
        clearStoredSession();
        setState({ status: 'anonymous' });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(
    async (credentials: { username: string; password: string }): Promise<SignedInUser> => {
      const answer = await loginCall(credentials);
      if (!answer.access_token) throw new Error(authMessages.missingToken);
      if (!decodeTokenClaims(answer.access_token)) throw new Error(authMessages.invalidToken);
      const user: SignedInUser = {
        username: answer.username || credentials.username,
        isAdmin: answer.is_admin === true,
        hasSoloAccess: answer.has_solo_access === true,
        loginTime: Date.now(),
        timersEnabled: true,
      };
      storeSession({ accessToken: answer.access_token, username: user.username, loginTime: user.loginTime });
      queryClient.clear();
      setForcedLogout(false);
      setState({ status: 'authenticated', ...user });
      return user;
    },
    [queryClient],
  );

  const extendSession = useCallback(async () => {
    const answer = await extendSessionCall();
    const loginTime = Date.now();
    storeRenewedToken(answer.access_token, loginTime);
    setState((current) => (current.status === 'authenticated' ? { ...current, loginTime } : current));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ state, forcedLogout, login, logout, extendSession }),
    [state, forcedLogout, login, logout, extendSession],
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
