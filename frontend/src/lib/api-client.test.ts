import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ApiError, MAYBE_SAVED, SERVER_TROUBLE, UNREACHABLE, api, setUnauthorizedHandler, type Answer } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { mockFetch } from '@/testing/fetch-mock';

describe('api client', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('sends the stored access token as a bearer header', async () => {
    localStorage.setItem('access_token', 'abc.def.ghi');
    const { calls } = mockFetch({ 'GET /api/me': { body: { username: 'Aria' } } });
    await expect(api.get('/me')).resolves.toEqual({ username: 'Aria' });
    expect(calls[0]?.headers.Authorization).toBe('Bearer abc.def.ghi');
  });

  it('sends no token on public calls', async () => {
    localStorage.setItem('access_token', 'abc.def.ghi');
    const { calls } = mockFetch({ 'POST /api/login': { body: {} } });
    await api.post('/login', { username: 'a', password: 'b' }, { auth: false });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.body).toEqual({ username: 'a', password: 'b' });
  });

  it('sends the extra headers a call asks for, next to its own', async () => {
    localStorage.setItem('access_token', 'abc.def.ghi');
    const { calls } = mockFetch({ 'POST /api/loans': { status: 201, body: {} } });
    await api.post('/loans', { value: 1 }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(calls[0]?.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: 'Bearer abc.def.ghi',
      'Idempotency-Key': 'k-1',
    });
  });

  it('puts query values in the URL', async () => {
    const { calls } = mockFetch({ 'GET /api/search/players': { body: { players: [] } } });
    await api.get('/search/players', { query: { term: 'a b', skip: undefined } });
    expect(calls[0]?.url).toBe('/api/search/players?term=a+b');
  });

  it('throws the server error shape as an ApiError', async () => {
    mockFetch({
      'POST /api/register': {
        status: 400,
        body: { detail: 'Password must be at least 8 characters', code: 'invalid', fields: { password: ['Too short'] } },
      },
    });
    const error = await api.post('/register', {}, { auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      detail: 'Password must be at least 8 characters',
      code: 'invalid',
      fields: { password: ['Too short'] },
    });
  });

  it('copes with an error answer that is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 }))));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 502, detail: '', code: 'http_502' });
  });

  it('says a server error changed nothing when the server gives no detail', async () => {
    mockFetch({ 'GET /api/me': { status: 500, body: { detail: '', code: 'server_error' } } });
    await expect(api.get('/me')).rejects.toMatchObject({ message: SERVER_TROUBLE });
  });

  it('says the same of an error page that is not the API\'s (a proxy\'s HTML)', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502 }))));
    await expect(api.get('/me')).rejects.toMatchObject({ message: SERVER_TROUBLE });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<h1>Too large</h1>', { status: 413 }))));
    await expect(api.post('/savings', {})).rejects.toMatchObject({ message: SERVER_TROUBLE });
  });

  it('shows the server\'s own detail of a server error', async () => {
    mockFetch({ 'GET /api/me': { status: 503, body: { detail: 'The bank cannot reach its database right now.', code: 'unavailable' } } });
    await expect(api.get('/me')).rejects.toMatchObject({ message: 'The bank cannot reach its database right now.' });
  });

  it('does not say nothing changed when a change got no answer (it may have been saved)', async () => {
    mockFetch({ 'POST /api/savings': 'network-error' });
    await expect(api.post('/savings', {})).rejects.toMatchObject({ message: MAYBE_SAVED });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<h1>Gateway timeout</h1>', { status: 504 }))));
    await expect(api.post('/savings', {})).rejects.toMatchObject({ message: MAYBE_SAVED });
  });

  it("keeps a failed answer's request id, and offers it as the reference of a server error only", async () => {
    const ID = '0f4e2c5a-8d1b-4c3a-9e7f-6a5b4c3d2e1f';
    mockFetch({ 'GET /api/me': { status: 500, body: { detail: '', code: 'server_error' }, headers: { 'X-Request-ID': ID } } });
    await expect(api.get('/me')).rejects.toMatchObject({ status: 500, requestId: ID, reference: ID });
    mockFetch({ 'POST /api/loans': { status: 400, body: { detail: 'Enter an amount.', code: 'invalid' }, headers: { 'X-Request-ID': ID } } });
    await expect(api.post('/loans', {})).rejects.toMatchObject({ status: 400, requestId: ID, reference: null });
  });

  it("takes the proxy's request id from its own error page, and nothing that is not shaped like one", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'X-Request-ID': 'a1b2c3d4e5f60718293a4b5c6d7e8f90' } }))));
    await expect(api.get('/me')).rejects.toMatchObject({ reference: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'X-Request-ID': '<script>' } }))));
    await expect(api.get('/me')).rejects.toMatchObject({ requestId: null, reference: null });
    mockFetch({ 'GET /api/me': 'network-error' });
    await expect(api.get('/me')).rejects.toMatchObject({ requestId: null, reference: null });
  });

  it('says a read could not reach the bank', async () => {
    mockFetch({ 'GET /api/me': 'network-error' });
    await expect(api.get('/me')).rejects.toMatchObject({ message: UNREACHABLE });
  });

  it('logs the user out on a 401 to an authenticated call', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({ 'GET /api/me': { status: 401, body: { detail: 'Token expired', code: 'not_authenticated' } } });
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not log out on a 401 to a public call (a wrong password)', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch({ 'POST /api/login': { status: 401, body: { detail: 'Incorrect password', code: 'x' } } });
    await expect(api.post('/login', {}, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('gives up after the timeout with a timeout error', async () => {
    vi.useFakeTimers();
    mockFetch({ 'POST /api/login': 'hang' });
    const pending = api.post('/login', {}, { auth: false, timeoutMs: 8_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(7_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout', isTimeout: true, isUnreachable: true });
  });

  it('reports a network failure as unreachable', async () => {
    mockFetch({ 'GET /api/health': 'network-error' });
    await expect(api.get('/health', { auth: false })).rejects.toMatchObject({ code: 'network_error', isUnreachable: true });
  });

  it('returns undefined for 204 No Content', async () => {
    mockFetch({ 'POST /api/logout': { status: 204 } });
    await expect(api.post('/logout')).resolves.toBeUndefined();
  });
});

// The answers' types come from the call's path (npm run typecheck checks these; at run time they pass).
describe("the client's types, picked by the path", () => {
  it('a path as the schema writes it answers its type', () => {
    expectTypeOf<Answer<'get', '/loans/limits'>>().toEqualTypeOf<Schemas['LoanLimitsOut']>();
  });

  it("a path with its parameter filled answers the parameter path's type, the narrowest that fits", () => {
    expectTypeOf<Answer<'get', `/loans/${number}`>>().toEqualTypeOf<Schemas['LoanOut']>();
    expectTypeOf<Answer<'get', `/loans/eligibility/${number}`>>().toEqualTypeOf<Schemas['EligibilityOut']>();
  });

  it('every success the schema lists, and none for a 204', () => {
    expectTypeOf<Answer<'put', `/pending-loans/${number}/approve`>>().toEqualTypeOf<
      Schemas['PendingLoanDecisionOut'] | Schemas['LoanRequestAwaitingOut']
    >();
    expectTypeOf<Answer<'post', '/logout'>>().toEqualTypeOf<undefined>();
  });

  it('a path the schema lacks for the method does not compile', () => {
    const calls = () => [
      // @ts-expect-error -- no such path
      api.get('/no-such-path'),
      // @ts-expect-error -- /loans/limits answers GET only
      api.post('/loans/limits'),
    ];
    expectTypeOf(calls).toBeFunction();
  });
});
