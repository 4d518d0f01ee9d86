import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BankSettingsTab } from '@/features/bank-settings/bank-settings-tab';
import type { BankSettings } from '@/features/bank-settings/api/use-bank-settings';
import { OfficerAccess } from '@/features/officers';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';
import { asOfficer } from '@/testing/officers';

const BOUNDS = {
  savings_rate_min: 0,
  savings_rate_max: 0.1,
  loan_rate_min: 0.1,
  loan_rate_max: 0.5,
  start_date_back_days: 7,
  require_second_factor: false,
  arrears_bucket_1_to: 3,
  arrears_bucket_2_to: 7,
  arrears_bucket_3_to: 30,
  auto_bad_payer: false,
  auto_bad_payer_days: 30,
  sole_treasurer_delay_hours: 24,
};
const DEFAULTS: BankSettings = { four_eyes_above: 1_000_000, ...BOUNDS, updated_at: '2026-01-01T00:00:00Z', updated_by: '' };
const CHANGED: BankSettings = { ...DEFAULTS, four_eyes_above: 250_000, updated_at: '2026-06-01T10:00:00Z', updated_by: 'admin' };
const FIELD = 'Four-eyes threshold (bread)';

describe('Admin BankSettingsTab', () => {
  it('shows the threshold in force and that nobody changed it yet', async () => {
    mockFetch({ 'GET /api/admin/bank-settings': { body: DEFAULTS } });
    renderWithProviders(<BankSettingsTab />);
    expect((await screen.findByLabelText<HTMLInputElement>(FIELD)).value).toBe('1000000');
    expect(screen.getByTestId('current-four-eyes').textContent).toBe('€1,000,000');
    expect(screen.getByTestId('settings-updated').textContent).toBe('Never changed: the default threshold applies.');
  });

  it('saves a new threshold as a JSON body and shows who changed it', async () => {
    let saved = DEFAULTS;
    const { calls } = mockFetch({
      'GET /api/admin/bank-settings': () => ({ body: saved }),
      'PUT /api/admin/bank-settings': () => {
        saved = CHANGED;
        return { body: saved };
      },
    });
    renderWithProviders(<BankSettingsTab />);
    fireEvent.change(await screen.findByLabelText(FIELD), { target: { value: '250000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('Bank settings saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ four_eyes_above: '250000' });
    await waitFor(() => expect(screen.getByTestId('current-four-eyes').textContent).toBe('€250,000'));
    expect(screen.getByTestId('settings-updated').textContent).toMatch(/^Last changed .+ by admin$/);
  });

  it("shows the server's validation error and keeps what was typed", async () => {
    mockFetch({
      'GET /api/admin/bank-settings': { body: DEFAULTS },
      'PUT /api/admin/bank-settings': {
        status: 400,
        body: { detail: 'four_eyes_above must be between 0 and 1,000,000,000', code: 'out_of_range' },
      },
    });
    renderWithProviders(<BankSettingsTab />);
    fireEvent.change(await screen.findByLabelText(FIELD), { target: { value: '5000000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error saving bank settings: four_eyes_above must be between 0 and 1,000,000,000',
    );
    expect(screen.getByLabelText<HTMLInputElement>(FIELD).value).toBe('5000000000');
  });

  it('says why the settings cannot be read (a refused role)', async () => {
    mockFetch({
      'GET /api/admin/bank-settings': { status: 403, body: { detail: 'Your role (Teller) cannot do this: it needs a Treasurer.', code: 'forbidden' } },
    });
    renderWithProviders(<BankSettingsTab />);
    expect((await screen.findByRole('alert')).textContent).toContain('Error loading bank settings: Your role (Teller) cannot do this');
  });

  it('edits the bounds as percentages and sends the fractions the server stores, with only the fields typed into', async () => {
    const { calls } = mockFetch({
      'GET /api/admin/bank-settings': { body: DEFAULTS },
      'PUT /api/admin/bank-settings': { body: { ...DEFAULTS, savings_rate_max: 0.08, start_date_back_days: 3 } },
    });
    renderWithProviders(<BankSettingsTab />);
    const highest = await screen.findByLabelText<HTMLInputElement>('Highest weekly savings rate (%)');
    expect(highest.value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>('Lowest loan rate (%)').value).toBe('10');
    expect(screen.getByLabelText<HTMLInputElement>('Highest loan rate (%)').value).toBe('50');
    expect(screen.getByTestId('current-loan-rates').textContent).toBe('10% to 50%');
    expect(screen.getByTestId('current-sole-delay').textContent).toBe('24 hours');
    fireEvent.change(highest, { target: { value: '8' } });
    fireEvent.change(screen.getByLabelText('Days a start date may move back'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('Bank settings saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ savings_rate_max: '0.08', start_date_back_days: '3' });
  });

  it("says a loosening waits for a second treasurer, in the server's words, and keeps what was typed", async () => {
    mockFetch({
      'GET /api/admin/bank-settings': { body: DEFAULTS },
      'PUT /api/admin/bank-settings': {
        status: 202,
        body: {
          status: 'awaiting_second_approval',
          approvals: [{ officer: 'admin', at: '2026-06-01T10:00:00Z', notes: '' }],
          reason: 'It loosens a control',
          detail: 'Approved by admin; a second officer must approve',
          proposal: {},
        },
      },
    });
    renderWithProviders(<BankSettingsTab />);
    fireEvent.change(await screen.findByLabelText(FIELD), { target: { value: '5000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Waits for a second officer: Approved by admin; a second officer must approve',
    );
    expect(screen.getByLabelText<HTMLInputElement>(FIELD).value).toBe('5000000');
    expect(screen.getByTestId('current-four-eyes').textContent).toBe('€1,000,000');
  });

  it('edits the arrears buckets and the days before the bank marks a bad payer, and shows them in force', async () => {
    let saved = DEFAULTS;
    const { calls } = mockFetch({
      'GET /api/admin/bank-settings': () => ({ body: saved }),
      'PUT /api/admin/bank-settings': () => {
        saved = { ...DEFAULTS, arrears_bucket_1_to: 1, arrears_bucket_2_to: 5 };
        return { body: saved };
      },
    });
    renderWithProviders(<BankSettingsTab />);
    const first = await screen.findByLabelText<HTMLInputElement>('First arrears bucket ends on (days)');
    expect(first.value).toBe('3');
    expect(screen.getByLabelText<HTMLInputElement>('Third arrears bucket ends on (days)').value).toBe('30');
    expect(screen.getByLabelText<HTMLInputElement>('Days in arrears before the bank marks a bad payer').value).toBe('30');
    expect(screen.getByTestId('current-arrears-buckets').textContent).toBe('1–3, 4–7, 8–30, over 30 days');
    expect(screen.getByTestId('current-auto-bad-payer').textContent).toBe('Off');
    fireEvent.change(first, { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Second arrears bucket ends on (days)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('Bank settings saved');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ arrears_bucket_1_to: '1', arrears_bucket_2_to: '5' });
    await waitFor(() => expect(screen.getByTestId('current-arrears-buckets').textContent).toBe('1, 2–5, 6–30, over 30 days'));
  });

  it('turns the bank marking bad payers on at once; turning it off waits for a second treasurer', async () => {
    let saved = DEFAULTS;
    const { calls } = mockFetch({
      'GET /api/admin/bank-settings': () => ({ body: saved }),
      'PUT /api/admin/bank-settings': (call) => {
        if ((call.body as { auto_bad_payer?: boolean }).auto_bad_payer) {
          saved = { ...DEFAULTS, auto_bad_payer: true };
          return { body: saved };
        }
        return {
          status: 202,
          body: { status: 'awaiting_second_approval', approvals: [], reason: 'It loosens a control', detail: 'A second treasurer must approve', proposal: {} },
        };
      },
    });
    renderWithProviders(<BankSettingsTab />);
    expect((await screen.findByTestId('auto-bad-payer-rule')).textContent).toBe('Off: only an officer marks a player a bad payer.');
    fireEvent.click(screen.getByRole('button', { name: 'Mark Bad Payers After 30 days in Arrears' }));
    await waitFor(() => expect(screen.getByTestId('current-auto-bad-payer').textContent).toBe('After 30 days in arrears'));
    expect(screen.getByTestId('auto-bad-payer-rule').textContent).toMatch(/^On: the daily job marks a player a bad payer once a loan of theirs is 30 days/);
    fireEvent.click(screen.getByRole('button', { name: 'Stop Marking Bad Payers Automatically' }));
    expect((await screen.findByText(/Waits for a second officer/)).textContent).toBe('Waits for a second officer: A second treasurer must approve');
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{ auto_bad_payer: true }, { auto_bad_payer: false }]);
  });

  it('shows a teller the settings in force without a form', async () => {
    mockFetch({ 'GET /api/admin/bank-settings': { body: DEFAULTS } });
    renderWithProviders(
      <OfficerAccess.Provider value={asOfficer('teller')}>
        <BankSettingsTab />
      </OfficerAccess.Provider>,
    );
    expect((await screen.findByTestId('current-savings-rates')).textContent).toBe('0% to 10%');
    expect(screen.getByRole('note').textContent).toBe('Only a treasurer can change these settings.');
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
  });
});
