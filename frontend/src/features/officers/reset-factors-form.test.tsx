import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResetFactorsForm } from '@/features/officers/reset-factors-form';
import type { Officer } from '@/features/officers/api/use-officers';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const LOU: Officer = {
  id: 7,
  username: 'lou',
  display_name: 'Lena the Lender',
  role: 'loan_officer',
  active: true,
  created_at: '2026-01-02T09:00:00Z',
  last_login: null,
  locked_until: null,
  locked_addresses: 0,
  has_factor: true,
};

describe('ResetFactorsForm', () => {
  it('needs a reason, sends it, and says what the server answered', async () => {
    const { calls } = mockFetch({
      'POST /api/admin/officers/7/factors/reset': { body: { factors_removed: 1, detail: "The officer's second factor was reset." } },
    });
    const onNotice = vi.fn();
    renderWithProviders(<ResetFactorsForm officer={LOU} onNotice={onNotice} />);
    const button = screen.getByRole('button', { name: 'Reset Second Factor' });
    expect(button).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Why reset the second factor'), { target: { value: 'lost phone' } });
    fireEvent.click(button);
    await vi.waitFor(() => expect(onNotice).toHaveBeenLastCalledWith({ tone: 'success', text: "The officer's second factor was reset." }));
    expect(calls[0].body).toEqual({ reason: 'lost phone' });
  });
});
