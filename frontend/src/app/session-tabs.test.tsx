import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/app/app-routes';
import { AuthProvider } from '@/features/auth';
import { fakeToken, mockFetch, type MockCall } from '@/testing/fetch-mock';
import { currentPath, renderWithProviders } from '@/testing/render';

// The live socket is covered by its own tests; here it must not try to connect.
vi.mock('@/lib/live', () => ({ startLiveUpdates: () => () => undefined }));

const ME_ARIA = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 0, client_type: 'new', bad_payer: false },
};
const VALID = { body: { valid: true, has_solo_access: false, is_admin: false, username: 'Aria', expires_at: null } };
const INVALID = { body: { valid: false, has_solo_access: false, is_admin: false, username: null, expires_at: null } };

const FIRST = fakeToken({ sid: 'session-1', jti: 'first', username: 'Aria' });
const EXTENDED = fakeToken({ sid: 'session-1', jti: 'extended', username: 'Aria' });

function storeSession(token: string, loginTime: number, username = 'Aria') {
  localStorage.setItem('access_token', token);
  localStorage.setItem('username', username);
  localStorage.setItem('login_time', String(loginTime));
}

/** What the browser does in this tab when another tab writes local storage. */
function anotherTabWrites(key: string, value: string | null) {
  const oldValue = localStorage.getItem(key);
  if (value === null) localStorage.removeItem(key);
  else localStorage.setItem(key, value);
  act(() => {
    window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue: value, storageArea: localStorage }));
  });
}

function renderDashboard() {
  return renderWithProviders(<AppRoutes />, { route: '/dashboard', wrap: (node) => <AuthProvider>{node}</AuthProvider> });
}

const logoutCalls = (calls: MockCall[]) => calls.filter((call) => call.url === '/api/logout');

describe('tabs of one browser share one session', () => {
  it('an extension in another tab closes this tab’s expiry modal and restarts its clock', async () => {
    storeSession(FIRST, Date.now() - 250_000); // 50 s left: the modal shows
    const { calls } = mockFetch({ 'GET /api/verify-token': VALID, 'GET /api/me': { body: ME_ARIA } });
    renderDashboard();
    expect((await screen.findByRole('dialog', { name: 'Session Expiring Soon' })).textContent).toMatch(/\d+ seconds/);

    anotherTabWrites('access_token', EXTENDED);
    anotherTabWrites('login_time', String(Date.now()));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Welcome back, Aria!');
    expect(currentPath()).toBe('/dashboard');
    expect(logoutCalls(calls)).toEqual([]);
  });

  it('a logout in another tab signs this tab out without a second logout call', async () => {
    storeSession(FIRST, Date.now());
    const { calls } = mockFetch({ 'GET /api/verify-token': VALID, 'GET /api/me': { body: ME_ARIA } });
    renderDashboard();
    await screen.findByText('Welcome back, Aria!');

    anotherTabWrites('access_token', null);
    anotherTabWrites('username', null);
    anotherTabWrites('login_time', null);

    await screen.findByRole('heading', { name: 'Sign In' });
    expect(currentPath()).toBe('/');
    expect(logoutCalls(calls)).toEqual([]);
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('a tab that missed another tab’s extension follows it at its countdown instead of logging out', async () => {
    // fake timers that still run on their own (for findBy/waitFor); the old deadline is passed by hand below
    vi.useFakeTimers({ shouldAdvanceTime: true });
    storeSession(FIRST, Date.now() - 299_500); // half a second left
    const { calls } = mockFetch({ 'GET /api/verify-token': VALID, 'GET /api/me': { body: ME_ARIA } });
    renderDashboard();
    await screen.findByText('Welcome back, Aria!');
    // written by another tab whose storage event never reached this one
    storeSession(EXTENDED, Date.now());

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5_000 });
    // past the old deadline: still signed in, and the shared session was not ended
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getAllByText('Welcome back, Aria!')).toHaveLength(1);
    expect(currentPath()).toBe('/dashboard');
    expect(logoutCalls(calls)).toEqual([]);
    expect(localStorage.getItem('access_token')).toBe(EXTENDED);
  });

  it('a 401 for a token another tab has just replaced keeps the session', async () => {
    storeSession(FIRST, Date.now());
    let meCalls = 0;
    const { calls } = mockFetch({
      'GET /api/verify-token': (call) => ([`Bearer ${EXTENDED}`, `Bearer ${FIRST}`].includes(call.headers.Authorization) ? VALID : INVALID),
      'GET /api/me': () => {
        meCalls += 1;
        if (meCalls > 1) return { body: ME_ARIA };
        // another tab extends while this call is on its way with the old token
        storeSession(EXTENDED, Date.now());
        return { status: 401, body: { detail: 'Your session has expired', code: 'not_authenticated' } };
      },
    });
    renderDashboard();
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/verify-token'))).toHaveLength(2));
    await screen.findByText('Welcome back, Aria!');
    expect(currentPath()).toBe('/dashboard');
    expect(localStorage.getItem('access_token')).toBe(EXTENDED);
    expect(logoutCalls(calls)).toEqual([]);
  });

  it('a sign-in in another tab is taken on by a signed-out tab', async () => {
    mockFetch({ 'GET /api/me': { body: ME_ARIA } });
    renderWithProviders(<AppRoutes />, { route: '/', wrap: (node) => <AuthProvider>{node}</AuthProvider> });
    await screen.findByRole('heading', { name: 'Sign In' });

    anotherTabWrites('access_token', FIRST);
    anotherTabWrites('username', 'Aria');
    anotherTabWrites('login_time', String(Date.now()));

    await screen.findByText('Welcome back, Aria!');
    expect(currentPath()).toBe('/dashboard');
  });
});
