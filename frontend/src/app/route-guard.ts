/** The route guard of spec player-side §2, as a pure decision. */
type AuthStatus = 'checking' | 'anonymous' | 'authenticated';

export interface GuardInput {
  path: string;
  /** path + query string, what gets remembered for after sign-in */
  fullPath: string;
  status: AuthStatus;
  isAdmin: boolean;
  /** On for a moment after logout: the page being left is not remembered. */
  forcedLogout: boolean;
  /** sessionStorage redirectAfterLogin */
  rememberedPath: string | null;
}

export type GuardDecision =
  | { kind: 'loading' }
  | { kind: 'render' }
  | { kind: 'redirect'; to: string; remember?: string; forgetRemembered?: boolean };

const PUBLIC_PATHS = ['/', '/login', '/register'] as const;
// /discord/linked: where Discord sends the browser back after Link Discord (players and officers)
const PROTECTED_PATHS = ['/dashboard', '/admin-panel', '/discord/linked'] as const;
const ADMIN_PATHS = ['/admin-panel'];

function normalizePath(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed || '/';
}

function homePath(isAdmin: boolean): string {
  return isAdmin ? '/admin-panel' : '/dashboard';
}

function isKnown(path: string): boolean {
  return (PUBLIC_PATHS as readonly string[]).includes(path) || (PROTECTED_PATHS as readonly string[]).includes(path);
}

/** A remembered path is followed only when it is one of the app's own protected screens. */
function safeRemembered(remembered: string | null): string | null {
  if (!remembered || !remembered.startsWith('/') || remembered.startsWith('//')) return null;
  const path = normalizePath(remembered.split(/[?#]/)[0] ?? '');
  return (PROTECTED_PATHS as readonly string[]).includes(path) ? remembered : null;
}

export function decideRoute(input: GuardInput): GuardDecision {
  const path = normalizePath(input.path);
  if (path === '/admin') return { kind: 'redirect', to: '/admin-panel' };
  if (!isKnown(path)) return { kind: 'redirect', to: '/' };
  if (input.status === 'checking') return { kind: 'loading' };

  const isPublic = (PUBLIC_PATHS as readonly string[]).includes(path);
  if (input.status === 'anonymous') {
    if (isPublic) return { kind: 'render' };
    return input.forcedLogout
      ? { kind: 'redirect', to: '/' }
      : { kind: 'redirect', to: '/', remember: input.fullPath };
  }

  // Authenticated from here on.
  if (isPublic) {
    const remembered = safeRemembered(input.rememberedPath);
    return remembered
      ? { kind: 'redirect', to: remembered, forgetRemembered: true }
      : { kind: 'redirect', to: homePath(input.isAdmin), forgetRemembered: input.rememberedPath !== null };
  }
  if (ADMIN_PATHS.includes(path) && !input.isAdmin) return { kind: 'redirect', to: '/dashboard' };
  if (path === '/dashboard' && input.isAdmin) return { kind: 'redirect', to: '/admin-panel' };
  return { kind: 'render' };
}
