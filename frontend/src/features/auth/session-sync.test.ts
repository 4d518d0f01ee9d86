import { describe, expect, it } from 'vitest';
import { fakeToken } from '@/testing/fetch-mock';
import { hasLiveStoredSession, sessionChange, sessionIdOf } from '@/features/auth/session-sync';

const LOGIN = 1_700_000_000_000;
const first = fakeToken({ sid: 'session-1', jti: 'a' });
const extended = fakeToken({ sid: 'session-1', jti: 'b' });
const otherSignIn = fakeToken({ sid: 'session-2', jti: 'c', username: 'Borin' });

function stored(accessToken: string, loginTime: number | null, username = 'Aria') {
  return { accessToken, username, loginTime };
}

describe('sessionIdOf', () => {
  it('reads the sid claim, or null', () => {
    expect(sessionIdOf(first)).toBe('session-1');
    expect(sessionIdOf(fakeToken())).toBeNull();
    expect(sessionIdOf('not a token')).toBeNull();
  });
});

describe('sessionChange', () => {
  const tab = { accessToken: first, loginTime: LOGIN };

  it('is unchanged while the storage holds what the tab shows', () => {
    expect(sessionChange(tab, stored(first, LOGIN))).toEqual({ kind: 'unchanged' });
    expect(sessionChange(null, null)).toEqual({ kind: 'unchanged' });
  });

  it('follows an extension made in another tab: the new token and login time', () => {
    expect(sessionChange(tab, stored(extended, LOGIN + 200_000))).toEqual({
      kind: 'extended',
      accessToken: extended,
      loginTime: LOGIN + 200_000,
    });
  });

  it('waits while another tab has written the new token but not yet its login time', () => {
    expect(sessionChange(tab, stored(extended, LOGIN))).toEqual({ kind: 'unchanged' });
    expect(sessionChange(tab, stored(otherSignIn, null))).toEqual({ kind: 'unchanged' });
  });

  it('ends when another tab signed out or expired (the storage is empty)', () => {
    expect(sessionChange(tab, null)).toEqual({ kind: 'ended' });
  });

  it('takes on a sign-in made in another tab, even by another player', () => {
    expect(sessionChange(tab, stored(otherSignIn, LOGIN + 5_000, 'Borin'))).toEqual({
      kind: 'started',
      accessToken: otherSignIn,
      username: 'Borin',
      loginTime: LOGIN + 5_000,
    });
    expect(sessionChange(null, stored(first, LOGIN))).toMatchObject({ kind: 'started', accessToken: first });
  });

  it('never moves a clock back', () => {
    expect(sessionChange({ accessToken: extended, loginTime: LOGIN + 1 }, stored(extended, LOGIN))).toEqual({
      kind: 'unchanged',
    });
  });
});

describe('hasLiveStoredSession', () => {
  it('holds while the stored session is within its lifetime', () => {
    localStorage.setItem('access_token', first);
    localStorage.setItem('login_time', String(LOGIN));
    expect(hasLiveStoredSession(LOGIN + 299_999)).toBe(true);
    expect(hasLiveStoredSession(LOGIN + 300_000)).toBe(false);
  });

  it('is false once a tab has signed out', () => {
    expect(hasLiveStoredSession(LOGIN)).toBe(false);
  });
});
