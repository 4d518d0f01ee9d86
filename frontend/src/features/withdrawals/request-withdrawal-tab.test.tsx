import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '@/features/players';
import { RequestWithdrawalTab } from '@/features/withdrawals/request-withdrawal-tab';
import { makeTotalSavings, makeWithdrawal } from '@/testing/savings-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { definitionsOf } from '@/testing/queries';
import { renderWithProviders } from '@/testing/render';
import { CAPABILITIES } from '@/testing/capabilities';

const ME: Me = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  enrolment_required: false,
  may: CAPABILITIES.player,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 160, client_type: 'new', bad_payer: false, has_solo_access: false },
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SETTINGS = { timezone_settings: { admin_timezone: 1, display_format: '24h', min_timezone: -12, max_timezone: 12 } };

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/players/7/total-savings': { body: makeTotalSavings() },
    'GET /api/admin/timezone-settings': { body: SETTINGS },
    ...extra,
  });
}

function fill(amount: string) {
  fireEvent.change(screen.getByLabelText('Amount to Withdraw'), { target: { value: amount } });
  fireEvent.change(screen.getByLabelText('Withdrawal Date'), { target: { value: '2025-03-22' } });
  fireEvent.change(screen.getByLabelText('Withdrawal Time'), { target: { value: '18:30' } });
}

afterEach(() => localStorage.clear());

describe('RequestWithdrawalTab', () => {
  it('shows the maximum and each savings account, from the server', async () => {
    routes();
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    expect((await screen.findByTestId('maximum-withdrawal')).textContent).toBe('€735,000');
    expect(definitionsOf(screen.getByTestId('maximum-withdrawal').closest('dl') as HTMLElement, 'Maximum Withdrawal Amount')[1]).toBe(
      'across 2 active savings accounts',
    );
    const rows = within(screen.getByRole('list', { name: 'Savings breakdown' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Savings #3€535,0007.0% weekly · 1 payment',
      'Savings #4€200,0007.5% weekly · 0 payments',
    ]);
  });

  it("limits the date to the server's window and offers GMT-12..+12, defaulting to the stored timezone", async () => {
    localStorage.setItem('playerTimezone', '-5');
    routes();
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    const date = screen.getByLabelText<HTMLInputElement>('Withdrawal Date');
    await waitFor(() => expect(date.min).toBe('2025-03-20'));
    expect(date.max).toBe('2026-12-31');
    const timezone = screen.getByLabelText<HTMLSelectElement>('Your Timezone');
    await waitFor(() => expect(timezone.options).toHaveLength(25));
    expect(timezone.options[0]?.textContent).toBe('GMT-12');
    expect(timezone.options[24]?.textContent).toBe('GMT+12');
    expect(timezone.value).toBe('-5');
    fireEvent.change(timezone, { target: { value: '3' } });
    expect(localStorage.getItem('playerTimezone')).toBe('+3');
  });

  it('defaults to GMT+1 when nothing is stored', async () => {
    routes();
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    const timezone = screen.getByLabelText<HTMLSelectElement>('Your Timezone');
    await waitFor(() => expect(timezone.options).toHaveLength(25));
    expect(timezone.value).toBe('1');
    expect(screen.getByText(/^The admin is at/).textContent).toBe('The admin is at GMT+1 and uses your timezone (GMT+1) to meet you.');
  });

  it('closes the form, saying why, for a player with no savings', async () => {
    routes({ 'GET /api/players/7/total-savings': { body: makeTotalSavings({ total_available: 0, savings_count: 0, savings_breakdown: [] }) } });
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    const why = await screen.findByText(/^You have no savings yet, so there is nothing to withdraw\./);
    // inside a disabled fieldset: :disabled, as a browser (and a screen reader) sees them
    expect(screen.getByLabelText('Amount to Withdraw').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Withdrawal Date').matches(':disabled')).toBe(true);
    const submit = screen.getByRole('button', { name: 'Submit Withdrawal Request' });
    expect(submit).toHaveProperty('disabled', true);
    expect(submit.closest('form')?.getAttribute('aria-describedby')).toBe(why.id);
  });

  it('keeps the form open for a player with savings', async () => {
    routes();
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    await screen.findByTestId('maximum-withdrawal');
    expect(screen.getByLabelText('Amount to Withdraw').matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Submit Withdrawal Request' })).toHaveProperty('disabled', false);
    expect(screen.queryByText(/nothing to withdraw/)).toBeNull();
  });

  it('asks for every field before sending anything', async () => {
    const { calls } = routes();
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Amount to Withdraw'), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("says 'Player profile not found. Please contact admin.' without a profile", async () => {
    routes();
    renderWithProviders(<RequestWithdrawalTab me={{ ...ME, player: null }} />);
    fill('1000');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Player profile not found. Please contact admin.');
  });

  it('sends the request with an idempotency key, says so, and clears the form', async () => {
    const { calls } = routes({ 'POST /api/withdrawal-requests': { status: 201, body: makeWithdrawal() } });
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    fill('150000');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Withdrawal request submitted successfully! You will be contacted when it is processed.',
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      player_id: 7,
      amount: 150_000,
      withdrawal_date: '2025-03-22',
      withdrawal_time: '18:30',
      player_timezone: 1,
      player_name: 'Aria',
      player_discord: 'aria.guild',
    });
    expect(post?.headers['Idempotency-Key']).toMatch(UUID);
    expect(screen.getByLabelText<HTMLInputElement>('Amount to Withdraw').value).toBe('');
  });

  it("shows the server's refusal after 'Failed to submit withdrawal request: '", async () => {
    const detail = 'You can withdraw at most €735,000';
    routes({ 'POST /api/withdrawal-requests': { status: 400, body: { detail, code: 'over_available', fields: {} } } });
    renderWithProviders(<RequestWithdrawalTab me={ME} />);
    fill('900000');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Withdrawal Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`Failed to submit withdrawal request: ${detail}`);
  });
});
