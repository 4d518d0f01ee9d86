import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecondFactorRequirement } from '@/features/bank-settings/second-factor-requirement';
import type { BankSettings } from '@/features/bank-settings/api/use-bank-settings';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const SETTINGS: BankSettings = {
  four_eyes_above: 1_000_000,
  savings_rate_min: 0,
  savings_rate_max: 0.1,
  loan_rate_min: 0,
  loan_rate_max: 1,
  start_date_back_days: 7,
  require_second_factor: false,
  arrears_bucket_1_to: 3,
  arrears_bucket_2_to: 7,
  arrears_bucket_3_to: 30,
  auto_bad_payer: false,
  auto_bad_payer_days: 30,
  sole_treasurer_delay_hours: 24,
  updated_at: '2026-03-01T10:00:00Z',
  updated_by: 'admin',
};

describe('SecondFactorRequirement', () => {
  it('turns the requirement on at once', async () => {
    const { calls } = mockFetch({ 'PUT /api/admin/bank-settings': { body: { ...SETTINGS, require_second_factor: true } } });
    renderWithProviders(<SecondFactorRequirement settings={SETTINGS} />);
    expect(screen.getByTestId('second-factor-rule').textContent).toMatch(/^Not required/);
    fireEvent.click(screen.getByRole('button', { name: 'Require a Second Factor for Every Officer' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/Every officer now needs a second factor/);
    expect(calls[0].body).toEqual({ require_second_factor: true });
  });

  it('offers to stop requiring it when it is required', () => {
    renderWithProviders(<SecondFactorRequirement settings={{ ...SETTINGS, require_second_factor: true }} />);
    screen.getByRole('button', { name: 'Stop Requiring a Second Factor' });
  });
});
