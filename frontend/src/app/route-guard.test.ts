// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput } from '@/app/route-guard';

function input(overrides: Partial<GuardInput>): GuardInput {
  const path = overrides.path ?? '/';
  return {
    path,
    fullPath: overrides.fullPath ?? path,
    status: 'anonymous',
    isAdmin: false,
    forcedLogout: false,
    rememberedPath: null,
    ...overrides,
  };
}

describe('decideRoute', () => {
  it('shows the loading view while the session is being checked', () => {
    expect(decideRoute(input({ path: '/dashboard', status: 'checking' }))).toEqual({ kind: 'loading' });
    expect(decideRoute(input({ path: '/', status: 'checking' }))).toEqual({ kind: 'loading' });
  });

  it('sends unknown paths to / whoever asks', () => {
    for (const status of ['checking', 'anonymous', 'authenticated'] as const) {
      expect(decideRoute(input({ path: '/nowhere', status }))).toEqual({ kind: 'redirect', to: '/' });
    }
    expect(decideRoute(input({ path: '/dashboard/extra' }))).toEqual({ kind: 'redirect', to: '/' });
  });

  it('sends /admin to /admin-panel', () => {
    expect(decideRoute(input({ path: '/admin' }))).toEqual({ kind: 'redirect', to: '/admin-panel' });
  });

  it('opens /discord/linked (Discord sends the browser back there) to players and officers, and remembers it for a visitor', () => {
    for (const isAdmin of [false, true]) {
      expect(decideRoute(input({ path: '/discord/linked', status: 'authenticated', isAdmin }))).toEqual({ kind: 'render' });
    }
    const back = '/discord/linked?code=c&state=s';
    expect(decideRoute(input({ path: '/discord/linked', fullPath: back }))).toEqual({ kind: 'redirect', to: '/', remember: back });
    expect(decideRoute(input({ path: '/', status: 'authenticated', rememberedPath: back }))).toEqual({
      kind: 'redirect',
      to: back,
      forgetRemembered: true,
    });
  });

  it('lets visitors see sign-in and register', () => {
    for (const path of ['/', '/login', '/register']) {
      expect(decideRoute(input({ path }))).toEqual({ kind: 'render' });
    }
  });

  it('sends a visitor of a protected page to / and remembers the page', () => {
    expect(decideRoute(input({ path: '/dashboard' }))).toEqual({ kind: 'redirect', to: '/', remember: '/dashboard' });
    expect(decideRoute(input({ path: '/admin-panel', fullPath: '/admin-panel?x=1' }))).toEqual({
      kind: 'redirect',
      to: '/',
      remember: '/admin-panel?x=1',
    });
  });

  it('does not remember the page just left by a logout', () => {
    expect(decideRoute(input({ path: '/dashboard', forcedLogout: true }))).toEqual({ kind: 'redirect', to: '/' });
  });

  it('keeps non-admins out of the admin panel', () => {
    expect(decideRoute(input({ path: '/admin-panel', status: 'authenticated' }))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('sends admins from the dashboard to the admin panel', () => {
    expect(decideRoute(input({ path: '/dashboard', status: 'authenticated', isAdmin: true }))).toEqual({
      kind: 'redirect',
      to: '/admin-panel',
    });
  });

  it('shows each signed-in user their own home', () => {
    expect(decideRoute(input({ path: '/dashboard', status: 'authenticated' }))).toEqual({ kind: 'render' });
    expect(decideRoute(input({ path: '/admin-panel', status: 'authenticated', isAdmin: true }))).toEqual({
      kind: 'render',
    });
  });

  it('moves a signed-in user off sign-in and register to their home', () => {
    for (const path of ['/', '/login', '/register']) {
      expect(decideRoute(input({ path, status: 'authenticated' }))).toEqual({
        kind: 'redirect',
        to: '/dashboard',
        forgetRemembered: false,
      });
      expect(decideRoute(input({ path, status: 'authenticated', isAdmin: true }))).toEqual({
        kind: 'redirect',
        to: '/admin-panel',
        forgetRemembered: false,
      });
    }
  });

  it('after sign-in goes to the remembered page and forgets it', () => {
    expect(decideRoute(input({ path: '/', status: 'authenticated', rememberedPath: '/dashboard' }))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
      forgetRemembered: true,
    });
  });

  it('ignores a remembered page that is not one of the app screens', () => {
    for (const rememberedPath of ['https://evil.example/', '//evil.example', '/register', '/nowhere']) {
      expect(decideRoute(input({ path: '/', status: 'authenticated', rememberedPath }))).toEqual({
        kind: 'redirect',
        to: '/dashboard',
        forgetRemembered: true,
      });
    }
  });

  it('treats a trailing slash as the same page', () => {
    expect(decideRoute(input({ path: '/dashboard/', status: 'authenticated' }))).toEqual({ kind: 'render' });
  });
});
