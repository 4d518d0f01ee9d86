import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChangePasswordButton } from '@/features/auth/change-password-button';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const DONE = 'Password changed. Your other sessions were signed out.';

function openForm() {
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  const dialog = screen.getByRole('dialog', { name: 'Change password' });
  const fill = (current: string, next: string, confirm: string) => {
    fireEvent.change(within(dialog).getByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: next } });
    fireEvent.change(within(dialog).getByLabelText('Confirm new password'), { target: { value: confirm } });
  };
  const submit = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
  return { dialog, fill, submit };
}

function errorOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

describe('ChangePasswordButton', () => {
  it('changes the password and says the other sessions were signed out', async () => {
    const { calls } = mockFetch({ 'POST /api/me/password': { body: { detail: DONE } } });
    renderWithProviders(<ChangePasswordButton />);
    const { dialog, fill, submit } = openForm();
    expect(within(dialog).getByLabelText('Current password')).toBe(document.activeElement);
    fill('old secret 1', 'new secret 22', 'new secret 22');
    submit();
    expect((await within(dialog).findByRole('status')).textContent).toBe(DONE);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/api/me/password', { current_password: 'old secret 1', new_password: 'new secret 22' }],
    ]);
    expect(within(dialog).queryByLabelText('Current password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing of the server while the two new passwords differ', () => {
    const { calls } = mockFetch({});
    renderWithProviders(<ChangePasswordButton />);
    const { dialog, fill, submit } = openForm();
    fill('old secret 1', 'new secret 22', 'new secret 23');
    submit();
    const confirm = within(dialog).getByLabelText('Confirm new password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(confirm)).toBe('The new passwords do not match');
    expect(confirm).toBe(document.activeElement);
    expect(calls).toHaveLength(0);
  });

  it("shows the server's field errors on the fields they name", async () => {
    let answer: { detail: string; code: string; fields: Record<string, string[]> } = { detail: 'Current password is incorrect', code: 'incorrect_password', fields: { current_password: ['Current password is incorrect'] } };
    mockFetch({ 'POST /api/me/password': () => ({ status: 400, body: answer }) });
    renderWithProviders(<ChangePasswordButton />);
    const { dialog, fill, submit } = openForm();
    fill('wrong', 'new secret 22', 'new secret 22');
    submit();
    const current = within(dialog).getByLabelText('Current password');
    await waitFor(() => expect(errorOf(current)).toBe('Current password is incorrect'));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current).toBe(document.activeElement);

    // the server's password rule names the new password `password`
    answer = { detail: 'Password must be at least 8 characters', code: 'invalid', fields: { password: ['Password must be at least 8 characters'] } };
    fill('old secret 1', 'short', 'short');
    expect(current.getAttribute('aria-invalid')).toBeNull();
    submit();
    const next = within(dialog).getByLabelText('New password');
    await waitFor(() => expect(errorOf(next)).toBe('Password must be at least 8 characters'));
    expect(errorOf(current)).toBeNull();
  });

  it("shows the server's detail when it names no field", async () => {
    mockFetch({
      'POST /api/me/password': { status: 429, body: { detail: 'Too many attempts. Try again in a minute.', code: 'throttled', fields: {} } },
    });
    renderWithProviders(<ChangePasswordButton />);
    const { dialog, fill, submit } = openForm();
    fill('old secret 1', 'new secret 22', 'new secret 22');
    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Too many attempts. Try again in a minute.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the reference of a server error, and none beside a refusal', async () => {
    let answer: { status: number; body: object; headers: Record<string, string> } = {
      status: 500,
      body: { detail: '', code: 'server_error', fields: {} },
      headers: { 'X-Request-ID': '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b' },
    };
    mockFetch({ 'POST /api/me/password': () => answer });
    renderWithProviders(<ChangePasswordButton />);
    const { dialog, fill, submit } = openForm();
    fill('old secret 1', 'new secret 22', 'new secret 22');
    submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Something went wrong on our side; nothing was changed. Try again. (Reference: 3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b)',
    );
    answer = { ...answer, status: 429, body: { detail: 'Too many attempts. Try again in a minute.', code: 'throttled', fields: {} } };
    submit();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Too many attempts. Try again in a minute.'));
  });
});
