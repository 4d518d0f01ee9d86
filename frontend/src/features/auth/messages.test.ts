// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { loginErrorMessage, registerErrorMessage, sessionEndedMessage, registeredMessage, validateRegistration, validateSignIn } from '@/features/auth/messages';

const serverError = (status: number, detail: string) => new ApiError({ status, detail, code: 'x' });

describe('loginErrorMessage', () => {
  it('maps the server details to the sentences of docs/rules.md, Screens', () => {
    expect(loginErrorMessage(serverError(401, 'Incorrect password'))).toBe('Incorrect password. Please try again.');
    expect(loginErrorMessage(serverError(404, 'Player not found'))).toBe(
      'Player not found. Please check if the name is correct or register a new account.',
    );
    expect(loginErrorMessage(serverError(400, "Player 'Zed' has no password set"))).toBe(
      'This player does not have a password set. Please use the registration form to create a password for this account.',
    );
  });

  it('says a timed-out sign-in timed out', () => {
    expect(loginErrorMessage(new ApiError({ status: 0, detail: '', code: 'timeout' }))).toBe(
      'Login request timed out. Please try again.',
    );
  });

  it('shows any other server detail as it is', () => {
    const blocked = 'This account is blocked after 5 failed sign-in attempts. Ask an admin to unblock it.';
    expect(loginErrorMessage(serverError(403, blocked))).toBe(blocked);
    const locked =
      'This admin account is locked after 5 failed sign-in attempts: try again in 15 minutes (until 14:32 UTC), or run manage.py ensure_admin on the server to unlock it now.';
    expect(loginErrorMessage(serverError(403, locked))).toBe(locked);
  });

  it('falls back to Error during login', () => {
    expect(loginErrorMessage(serverError(500, ''))).toBe('Error during login');
    expect(loginErrorMessage(new ApiError({ status: 0, detail: '', code: 'network_error' }))).toBe('Error during login');
    expect(loginErrorMessage('weird')).toBe('Error during login');
  });
});

describe('a failure of sign-in or registration the server did not expect', () => {
  it('shows its reference beside the message', () => {
    const failure = new ApiError({ status: 500, detail: '', code: 'server_error', requestId: '5d1f0c3e-2b4a-4e6f-8a9b-0c1d2e3f4a5b' });
    expect(loginErrorMessage(failure)).toBe('Error during login (Reference: 5d1f0c3e-2b4a-4e6f-8a9b-0c1d2e3f4a5b)');
    expect(registerErrorMessage(failure)).toBe('Error creating account (Reference: 5d1f0c3e-2b4a-4e6f-8a9b-0c1d2e3f4a5b)');
  });
});

describe('registration messages', () => {
  it('shows the server detail, else Error creating account', () => {
    expect(registerErrorMessage(serverError(400, 'That Discord username is already taken.'))).toBe(
      'That Discord username is already taken.',
    );
    expect(registerErrorMessage(new Error('boom'))).toBe('Error creating account');
  });

  it('words the success message as the spec does', () => {
    expect(registeredMessage('Aria')).toBe(
      'Account created successfully! Player: Aria. You can now log in and request loans/savings.',
    );
  });
});

describe('validation', () => {
  it('requires both sign-in fields', () => {
    expect(validateSignIn({ username: '', password: 'x' })).toBe('Please fill in all fields');
    expect(validateSignIn({ username: '  ', password: 'x' })).toBe('Please fill in all fields');
    expect(validateSignIn({ username: 'a', password: '' })).toBe('Please fill in all fields');
    expect(validateSignIn({ username: 'a', password: 'b' })).toBeNull();
  });

  it('checks the registration fields in the spec order', () => {
    const ok = { name: 'Aria', discord: 'aria.guild', password: 'guildbank1' };
    expect(validateRegistration(ok)).toBeNull();
    expect(validateRegistration({ ...ok, name: '' })).toBe('Please fill in all fields');
    expect(validateRegistration({ ...ok, discord: ' ' })).toBe('Please fill in all fields');
    expect(validateRegistration({ ...ok, password: '' })).toBe('Please fill in all fields');
    expect(validateRegistration({ ...ok, name: 'A' })).toBe('Player name must be at least 2 characters');
    expect(validateRegistration({ ...ok, discord: 'a' })).toBe('Discord username must be at least 2 characters');
    expect(validateRegistration({ ...ok, password: 'short' })).toBe('Password must be at least 8 characters');
    expect(validateRegistration({ ...ok, password: '12345678' })).toBeNull();
  });
});

describe('sessionEndedMessage', () => {
  it("gives the server's reason for ending the session, or a plain line without one", () => {
    const ended = 'Your session has expired or is no longer valid. Please sign in again.';
    expect(sessionEndedMessage(serverError(401, ended))).toBe(ended);
    expect(sessionEndedMessage(new ApiError({ status: 401, detail: '', code: 'http_401' }))).toBe('Your session ended. Please sign in again.');
  });
});
