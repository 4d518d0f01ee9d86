import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppRoutes } from '@/app/app-routes';
import { AuthProvider } from '@/features/auth';
import { fakeToken, mockFetch, type MockAnswer } from '@/testing/fetch-mock';
import { actAndSettle, currentPath, renderWithProviders } from '@/testing/render';

// The live socket is covered by its own tests; here it must not try to connect.
vi.mock('@/lib/live', () => ({ startLiveUpdates: () => () => undefined }));

const ME_ARIA = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 0, client_type: 'new', bad_payer: false },
};

function loginAnswer(username: string, isAdmin: boolean): MockAnswer {
  return {
    body: {
      access_token: fakeToken({ username, is_admin: isAdmin }),
      token_type: 'bearer',
      username,
      is_admin: isAdmin,
      has_solo_access: false,
      player_id: isAdmin ? null : 7,
      expires_at: '2030-01-01T00:00:00Z',
      expires_in: 300,
    },
  };
}

function renderApp(route: string) {
  return renderWithProviders(<AppRoutes />, { route, wrap: (node) => <AuthProvider>{node}</AuthProvider> });
}

function storeSession(token: string, loginTime = Date.now()) {
  localStorage.setItem('access_token', token);
  localStorage.setItem('username', 'Aria');
  localStorage.setItem('login_time', String(loginTime));
}

function signIn(name: string, password: string) {
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('app routes', () => {
  it('shows sign-in at / to a visitor, with the theme button', async () => {
    renderApp('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Sign In');
    expect(screen.getByRole('button', { name: /^Theme: / }).getAttribute('aria-label')).toBe('Theme: Dark');
    expect(screen.getByRole('contentinfo').textContent).toBe('Guild Bank 2025 ©');
  });

  it('sends an unknown path to /', async () => {
    renderApp('/somewhere/else');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(currentPath()).toBe('/');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('sends /admin on to /admin-panel (and a visitor from there to sign-in)', async () => {
    renderApp('/admin');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/admin-panel');
  });

  it('sends a visitor of /dashboard to sign-in, remembering the page', async () => {
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(currentPath()).toBe('/');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBe('/dashboard');
  });

  it('asks for both fields before signing in', async () => {
    const { fetchMock } = mockFetch({});
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all fields');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the spec message for a wrong password', async () => {
    mockFetch({ 'POST /api/login': { status: 401, body: { detail: 'Incorrect password', code: 'incorrect_password' } } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    signIn('Aria', 'nope-nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect password. Please try again.');
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('says Signing In... while the sign-in is under way', async () => {
    mockFetch({ 'POST /api/login': 'hang' });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    signIn('Aria', 'guildbank1');
    expect(screen.getByRole('button', { name: 'Signing In...' })).toHaveProperty('disabled', true);
  });

  it('signs a player in, stores the session and opens the dashboard', async () => {
    mockFetch({ 'POST /api/login': loginAnswer('Aria', false), 'GET /api/me': { body: ME_ARIA } });
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    signIn('aria.guild', 'guildbank1');
    expect((await screen.findByText(/^Welcome back,/)).textContent).toBe('Welcome back, Aria!');
    expect(currentPath()).toBe('/dashboard');
    expect(localStorage.getItem('username')).toBe('Aria');
    expect(Number(localStorage.getItem('login_time'))).toBeGreaterThan(0);
    expect(localStorage.getItem('access_token')).toContain('.');
  });

  it('sends an admin (a treasurer) to the admin panel with all twenty-four tabs: the spec\'s seventeen, Waiting for Me, Four Eyes, Officers, Bank Settings, Security, Arrears and Bank Health', async () => {
    mockFetch({ 'POST /api/login': loginAnswer('admin', true) });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    signIn('admin', 'secret-admin');
    const tablist = await screen.findByRole('tablist', { name: 'Admin panel' });
    expect(currentPath()).toBe('/admin-panel');
    const tabs = tablist.querySelectorAll('[role="tab"]');
    expect(tabs).toHaveLength(24);
    expect(tabs[1].textContent).toBe('Waiting for Me');
    expect([...tabs].slice(10, 13).map((tab) => tab.textContent)).toEqual(['Arrears', 'Check Savings', 'Bank Health']);
    expect([...tabs].slice(18).map((tab) => tab.textContent)).toEqual(['Four Eyes', 'Pearl Exchange Settings', 'Officers', 'Bank Settings', 'Audit', 'Security']);
  });

  it('returns to the remembered page after sign-in', async () => {
    sessionStorage.setItem('redirectAfterLogin', '/dashboard');
    mockFetch({ 'POST /api/login': loginAnswer('Aria', false), 'GET /api/me': { body: ME_ARIA } });
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign In' });
    signIn('Aria', 'guildbank1');
    await screen.findByText('Welcome back, Aria!');
    expect(currentPath()).toBe('/dashboard');
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
  });

  it('restores a stored session through verify-token', async () => {
    const token = fakeToken();
    storeSession(token);
    const { calls } = mockFetch({
      'GET /api/verify-token': { body: { valid: true, has_solo_access: false, is_admin: false, username: 'Aria', expires_at: null } },
      'GET /api/me': { body: ME_ARIA },
    });
    renderApp('/dashboard');
    expect(screen.getByRole('status').textContent).toBe('Checking authentication...');
    expect((await screen.findByText(/^Welcome back,/)).textContent).toBe('Welcome back, Aria!');
    // the token goes in the Authorization header, never in the address (server logs keep addresses)
    expect(calls[0]?.url).toBe('/api/verify-token');
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('keeps a player out of the admin panel', async () => {
    storeSession(fakeToken());
    mockFetch({
      'GET /api/verify-token': { body: { valid: true, has_solo_access: false, is_admin: false, username: 'Aria', expires_at: null } },
      'GET /api/me': { body: ME_ARIA },
    });
    renderApp('/admin-panel');
    await screen.findByText('Welcome back, Aria!');
    expect(currentPath()).toBe('/dashboard');
  });

  it('logs out when the stored token is no longer valid', async () => {
    storeSession(fakeToken());
    mockFetch({ 'GET /api/verify-token': { body: { valid: false, has_solo_access: false, is_admin: false, username: null, expires_at: null } } });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('logs out at once when the stored login is older than the session lifetime', async () => {
    storeSession(fakeToken(), Date.now() - 300_001);
    const { fetchMock } = mockFetch({});
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('keeps the session when the token check cannot reach the server', async () => {
    storeSession(fakeToken());
    mockFetch({ 'GET /api/verify-token': 'network-error', 'GET /api/me': { body: ME_ARIA } });
    renderApp('/dashboard');
    expect((await screen.findByText(/^Welcome back,/)).textContent).toBe('Welcome back, Aria!');
    expect(localStorage.getItem('access_token')).not.toBeNull();
  });

  it('Logout revokes the token, clears the session and does not remember the page', async () => {
    storeSession(fakeToken());
    const { calls } = mockFetch({
      'GET /api/verify-token': { body: { valid: true, has_solo_access: false, is_admin: false, username: 'Aria', expires_at: null } },
      'GET /api/me': { body: ME_ARIA },
      'POST /api/logout': { status: 204 },
    });
    renderApp('/dashboard');
    await screen.findByText('Welcome back, Aria!');
    await actAndSettle(() => fireEvent.click(screen.getByRole('button', { name: 'Logout' })));
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/logout')).toBe(true);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('username')).toBeNull();
    expect(localStorage.getItem('login_time')).toBeNull();
    expect(sessionStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(currentPath()).toBe('/');
  });

  it('logs out on a 401 from an authenticated call', async () => {
    storeSession(fakeToken());
    mockFetch({
      'GET /api/verify-token': { body: { valid: true, has_solo_access: false, is_admin: false, username: 'Aria', expires_at: null } },
      'GET /api/me': { status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' } },
      'POST /api/logout': { status: 401, body: { detail: 'x', code: 'x' } },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Sign In' });
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
  });
  it('says on the sign-in screen why the server ended the session, in its words', async () => {
    storeSession(fakeToken());
    const ended = 'Your session has expired or is no longer valid. Please sign in again.';
    mockFetch({
      // the first check still finds the session; then the server ends it (a deactivated officer's, say)
      'GET /api/verify-token': (() => {
        let checks = 0;
        return () => {
          checks += 1;
          return { body: { valid: checks === 1, has_solo_access: false, is_admin: false, username: 'Aria', expires_at: null } };
        };
      })(),
      'GET /api/me': { status: 401, body: { detail: ended, code: 'not_authenticated', fields: {} } },
    });
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect((await screen.findByTestId('session-ended')).textContent).toBe(ended);
    expect(screen.getByTestId('session-ended').getAttribute('role')).toBe('status');
  });

  it('says nothing of an ended session after a logout of one’s own', async () => {
    storeSession(fakeToken());
    mockFetch({
      'GET /api/verify-token': { body: { valid: true, has_solo_access: false, is_admin: false, username: 'Aria', expires_at: null } },
      'GET /api/me': { body: ME_ARIA },
      'POST /api/logout': { status: 204 },
    });
    renderApp('/dashboard');
    await screen.findByText('Welcome back, Aria!');
    await actAndSettle(() => fireEvent.click(screen.getByRole('button', { name: 'Logout' })));
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.queryByTestId('session-ended')).toBeNull();
  });
});
