import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/features/players/api/use-me';
import { RequestLoanTab } from '@/features/player/request-loan-tab';
import { makePendingLoan } from '@/lib/loan-fixtures';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const ME: Me = {
  username: 'Aria',
  is_admin: false,
  has_solo_access: false,
  player: { id: 7, name: 'Aria', discord: 'aria.guild', credit_score: 160, client_type: 'new', bad_payer: false },
};

const SILVER = {
  is_eligible: true,
  max_loan_amount: 5_000_000,
  required_credit_score: 50,
  current_credit_score: 160,
  rate_discount: 1,
  tier: 'Silver',
  reason: 'You can request loans up to €5,000,000.',
  deficit: 0,
};

describe('RequestLoanTab', () => {
  it('asks for the amount and the days before sending anything', async () => {
    const { calls } = mockFetch({ 'GET /api/loans/eligibility/7': { body: SILVER } });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '500k' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('clears that error once the player types again', async () => {
    mockFetch({ 'GET /api/loans/eligibility/7': { body: SILVER } });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    await screen.findByRole('alert');
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '10' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("previews this player's rate, total and daily payment as they type", async () => {
    mockFetch({ 'GET /api/loans/eligibility/7': { body: SILVER } });
    renderWithProviders(<RequestLoanTab me={ME} />);
    await screen.findByText(/Silver tier: 1% off these rates/);
    fireEvent.click(within(screen.getByRole('group', { name: 'Quick values' })).getByRole('button', { name: '100k' }));
    expect(screen.getByLabelText<HTMLInputElement>('Loan Amount').value).toBe('100k');
    expect(screen.getByTestId('preview-rate').textContent).toBe('49%');
    expect(screen.getByTestId('preview-total').textContent).toBe('€149,000');
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '7' } });
    expect(screen.getByTestId('preview-daily').textContent).toBe('€21,286');
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '2m' } });
    expect(screen.getByTestId('preview-rate').textContent).toBe('29%');
    expect(screen.getByTestId('preview-total').textContent).toBe('€2,580,000');
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '6m' } });
    expect(screen.getByText('The maximum loan amount for your tier is €5,000,000')).toBeTruthy();
  });

  it('sends the request and says so, then clears the form', async () => {
    const { calls } = mockFetch({
      'GET /api/loans/eligibility/7': { body: SILVER },
      'POST /api/pending-loans': { status: 201, body: makePendingLoan() },
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '500k' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '14' } });
    fireEvent.change(screen.getByLabelText('Reason (optional)'), { target: { value: '  New gear  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    const success = await screen.findByText('Loan request submitted successfully! Please wait for admin approval.');
    expect(success.getAttribute('role')).toBe('status');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/pending-loans');
    expect(post?.body).toEqual({ player_id: 7, value: 500_000, total_days: 14, request_reason: 'New gear', user: 'Aria' });
    expect(screen.getByLabelText<HTMLInputElement>('Loan Amount').value).toBe('');
  });

  it("shows the server's reason after 'Error submitting loan request: '", async () => {
    mockFetch({
      'GET /api/loans/eligibility/7': { body: SILVER },
      'POST /api/pending-loans': {
        status: 400,
        body: { detail: 'The maximum loan amount for your tier is €5,000,000', code: 'over_max_amount', fields: {} },
      },
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '10m' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    const alert = await screen.findByText(/^Error submitting loan request: /);
    expect(alert.textContent).toBe('Error submitting loan request: The maximum loan amount for your tier is €5,000,000');
    expect(alert.getAttribute('role')).toBe('alert');
  });

  it('sends an amount it cannot read as typed, so the server can say what is wrong', async () => {
    const { calls } = mockFetch({
      'GET /api/loans/eligibility/7': { body: SILVER },
      'POST /api/pending-loans': { status: 400, body: { detail: 'Please enter a valid amount', code: 'invalid' } },
    });
    renderWithProviders(<RequestLoanTab me={ME} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: 'lots' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error submitting loan request: Please enter a valid amount');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ value: 'lots', total_days: 30 });
  });

  it('says so when the account has no player profile', async () => {
    mockFetch({});
    renderWithProviders(<RequestLoanTab me={{ ...ME, player: null }} />);
    fireEvent.change(screen.getByLabelText('Loan Amount'), { target: { value: '1m' } });
    fireEvent.change(screen.getByLabelText('Loan Duration (Days)'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Loan Request' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Player profile not found. Please contact admin to create your player profile first.',
    );
  });
});
