import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecurityScreen } from '@/features/security/security-screen';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const NONE = { factors: [], recovery_codes_left: 0, required: false, enrolment_required: false };
const PHONE = { id: 4, kind: 'totp', label: 'Authenticator app', name: 'My phone', created_at: '2026-03-01T10:00:00Z', last_used_at: null };
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mno${i}`);

describe('SecurityScreen', () => {
  it('adds an authenticator app: the QR code and the key to type, then the first code, then the recovery codes once', async () => {
    const { calls } = mockFetch({
      'GET /api/me/factors': { body: NONE },
      'POST /api/me/factors/totp': { status: 201, body: { id: 4, name: 'My phone', secret: 'JBSWY3DPEHPK3PXP', qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+' } },
      'POST /api/me/factors/totp/4/confirm': {
        body: { factor: PHONE, recovery_codes: CODES, detail: 'Your authenticator app is set up.' },
      },
    });
    renderWithProviders(<SecurityScreen />);
    fireEvent.change(await screen.findByLabelText('Name of this app or phone'), { target: { value: 'My phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Authenticator App' }));
    expect((await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).getAttribute('src')).toBe(
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(screen.getByTestId('authenticator-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const shown = await screen.findByTestId('recovery-codes');
    expect(within(shown).getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    expect(calls.find((call) => call.url.endsWith('/api/me/factors/totp/4/confirm'))?.body).toEqual({ otp: '123456' });
    fireEvent.click(within(shown).getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
  });

  it("shows the server's words when the first code is wrong", async () => {
    mockFetch({
      'GET /api/me/factors': { body: NONE },
      'POST /api/me/factors/totp': { status: 201, body: { id: 4, name: 'Phone', secret: 'JBSWY3DPEHPK3PXP', qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+' } },
      'POST /api/me/factors/totp/4/confirm': {
        status: 400,
        body: { detail: 'That code does not match.', code: 'wrong_code', fields: {} },
      },
    });
    renderWithProviders(<SecurityScreen />);
    fireEvent.change(await screen.findByLabelText('Name of this app or phone'), { target: { value: 'Phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Authenticator App' }));
    fireEvent.change(await screen.findByLabelText('Code from the app'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That code does not match.');
  });

  it('lists the factors with the recovery codes left, and offers no Remove for the last one while the bank requires one', async () => {
    mockFetch({ 'GET /api/me/factors': { body: { factors: [PHONE], recovery_codes_left: 1, required: true, enrolment_required: false } } });
    renderWithProviders(<SecurityScreen />);
    const row = await screen.findByTestId('factor-totp-4');
    expect(within(row).queryByRole('button', { name: 'Remove My phone' })).toBeNull();
    within(row).getByText(/the bank requires a second factor/);
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe('You have 1 unused recovery code. Making new ones replaces them all.');
  });

  it('removes a factor when the bank does not require one', async () => {
    const { calls } = mockFetch({
      'GET /api/me/factors': { body: { factors: [PHONE], recovery_codes_left: 10, required: false, enrolment_required: false } },
      'DELETE /api/me/factors/totp/4': { status: 204 },
    });
    renderWithProviders(<SecurityScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove My phone' }));
    expect((await screen.findByRole('status')).textContent).toBe('My phone was removed.');
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('says why only this screen opens while the bank requires a factor the officer has not set up', async () => {
    const { calls } = mockFetch({ 'GET /api/me/factors': { body: { ...NONE, required: true, enrolment_required: true } } });
    renderWithProviders(<SecurityScreen />);
    expect((await screen.findByTestId('enrolment-required')).textContent).toMatch(/the rest of the admin panel opens as soon as it is confirmed/);
    // the Discord link waits too: such a session reaches only the second-factor calls
    expect(calls.some((call) => call.url.includes('/api/discord/'))).toBe(false);
  });

  it('offers Link Discord to a session that may use it', async () => {
    mockFetch({
      'GET /api/me/factors': { body: NONE },
      'GET /api/discord/link': { body: { enabled: true, linked: false, discord_id: null, discord_username: '' } },
    });
    renderWithProviders(<SecurityScreen />);
    await screen.findByRole('button', { name: 'Link Discord' });
  });
});
