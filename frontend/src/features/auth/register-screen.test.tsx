import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RegisterScreen } from '@/features/auth/register-screen';
import { mockFetch } from '@/testing/fetch-mock';
import { currentPath, renderWithProviders } from '@/testing/render';

function fill(name: string, discord: string, password: string) {
  fireEvent.change(screen.getByLabelText('Player Nickname'), { target: { value: name } });
  fireEvent.change(screen.getByLabelText('Discord Username'), { target: { value: discord } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Player Account' }));

describe('RegisterScreen', () => {
  it('labels every input and explains the nickname and Discord fields', () => {
    renderWithProviders(<RegisterScreen />, { route: '/register' });
    const hintOf = (label: string) => document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '');
    expect(hintOf('Player Nickname')?.textContent).toBe('Case sensitive. This is your display name in the bank.');
    expect(hintOf('Discord Username')?.textContent).toBe('Used to contact you about your loans and savings.');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it.each([
    ['', 'aria.guild', 'guildbank1', 'Please fill in all fields'],
    ['A', 'aria.guild', 'guildbank1', 'Player name must be at least 2 characters'],
    ['Aria', 'a', 'guildbank1', 'Discord username must be at least 2 characters'],
    ['Aria', 'aria.guild', 'short', 'Password must be at least 8 characters'],
  ])('rejects %j / %j / %j with "%s"', (name, discord, password, message) => {
    const { fetchMock } = mockFetch({});
    renderWithProviders(<RegisterScreen />, { route: '/register' });
    fill(name, discord, password);
    submit();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server detail when registration fails', async () => {
    mockFetch({
      'POST /api/register': { status: 400, body: { detail: "The name 'Aria' is already taken.", code: 'name_taken', fields: {} } },
    });
    renderWithProviders(<RegisterScreen />, { route: '/register' });
    fill('Aria', 'someone', 'guildbank1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe("The name 'Aria' is already taken.");
  });

  it('falls back to Error creating account', async () => {
    mockFetch({ 'POST /api/register': 'network-error' });
    renderWithProviders(<RegisterScreen />, { route: '/register' });
    fill('Aria', 'someone', 'guildbank1');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Error creating account');
  });

  it('shows the success message and switches to sign-in after 3 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockFetch({ 'POST /api/register': { status: 201, body: { id: 9, name: 'Cyra', discord: 'cyra.guild' } } });
    renderWithProviders(<RegisterScreen />, { route: '/register' });
    fill(' Cyra ', 'cyra.guild', 'guildbank1');
    submit();
    expect((await screen.findByRole('status')).textContent).toBe(
      'Account created successfully! Player: Cyra. You can now log in and request loans/savings.',
    );
    expect(calls[0]?.body).toEqual({ name: 'Cyra', discord: 'cyra.guild', password: 'guildbank1' });
    expect(currentPath()).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(currentPath()).toBe('/register');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(currentPath()).toBe('/login');
  });
});
