import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '@/features/auth/auth-context';
import { SignInScreen } from '@/features/auth/sign-in-screen';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

// the browser's passkey prompt: Chromium's virtual authenticator answers it in the browser tests (e2e/test_passkeys.py)
vi.mock('@/lib/webauthn', () => ({
  signWithPasskey: vi.fn(() => Promise.resolve({ id: 'cred-1', type: 'public-key', response: { signature: 'c2ln' } })),
}));

const CHALLENGE = { factor_required: true, challenge: 'signed.challenge', expires_at: '2026-03-02T10:05:00Z', detail: 'Enter the code.' };

function signIn() {
  renderWithProviders(<SignInScreen />, { wrap: (node) => <AuthProvider>{node}</AuthProvider> });
  fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'admin' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('SignInScreen with a second factor', () => {
  it('asks for the code after a right password and sends it with the challenge', async () => {
    const { calls } = mockFetch({
      'POST /api/login': { status: 202, body: CHALLENGE },
      'POST /api/login/factor': { status: 401, body: { detail: 'That code is not right.', code: 'wrong_code', fields: {} } },
    });
    signIn();
    fireEvent.change(await screen.findByLabelText('Code from your authenticator app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not right.');
    expect(calls.find((call) => call.url.endsWith('/api/login/factor'))?.body).toEqual({ challenge: 'signed.challenge', otp: '123456' });
  });

  it('offers a recovery code instead', async () => {
    mockFetch({ 'POST /api/login': { status: 202, body: CHALLENGE } });
    signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    screen.getByLabelText('Recovery code');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter one of your recovery codes');
  });

  it('goes back to the name and password on request', async () => {
    mockFetch({ 'POST /api/login': { status: 202, body: CHALLENGE } });
    signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Start again with my name and password' }));
    screen.getByLabelText('Password');
  });
});

describe('SignInScreen with a passkey', () => {
  it('offers the passkey first for an account without an authenticator app, and sends its answer with the challenge', async () => {
    const { calls } = mockFetch({
      'POST /api/login': { status: 202, body: { ...CHALLENGE, passkey: true, code: false } },
      'POST /api/login/passkey/options': { body: { challenge: 'signed.challenge', options: { challenge: 'abc', allowCredentials: [] } } },
      'POST /api/login/passkey': { status: 401, body: { detail: 'That passkey could not be checked.', code: 'wrong_code', fields: {} } },
    });
    signIn();
    fireEvent.click(await screen.findByRole('button', { name: 'Use My Passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That passkey could not be checked.');
    expect(calls.find((call) => call.url.endsWith('/api/login/passkey'))?.body).toEqual({
      challenge: 'signed.challenge',
      credential: { id: 'cred-1', type: 'public-key', response: { signature: 'c2ln' } },
    });
    // no app: the field takes a recovery code, and no switch to an app's code is offered
    screen.getByLabelText('Recovery code');
    expect(screen.queryByRole('button', { name: 'Use a code from my authenticator app' })).toBeNull();
  });
});
