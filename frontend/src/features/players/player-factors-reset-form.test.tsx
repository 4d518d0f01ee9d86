import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PlayerFactorsResetForm } from '@/features/players/player-factors-reset-form';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

describe('PlayerFactorsResetForm', () => {
  it("sends the reason and shows the server's answer", async () => {
    const { calls } = mockFetch({
      'POST /api/admin/players/7/factors/reset': { body: { factors_removed: 1, detail: "The player's second factor was reset." } },
    });
    const onNotice = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<PlayerFactorsResetForm player={{ id: 7, name: 'Aria' }} onNotice={onNotice} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('Reason for the reset'), { target: { value: 'lost phone; Discord voice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Second Factor' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onNotice).toHaveBeenCalledWith({ tone: 'success', text: "The player's second factor was reset." });
    expect(calls[0]?.body).toEqual({ reason: 'lost phone; Discord voice' });
  });

  it("shows the server's refusal", async () => {
    mockFetch({
      'POST /api/admin/players/7/factors/reset': { status: 400, body: { detail: 'Please give the reason for the reset', code: 'missing_fields', fields: {} } },
    });
    const onNotice = vi.fn();
    renderWithProviders(<PlayerFactorsResetForm player={{ id: 7, name: 'Aria' }} onNotice={onNotice} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset Second Factor' }));
    await vi.waitFor(() =>
      expect(onNotice).toHaveBeenCalledWith({ tone: 'error', text: 'Error resetting the second factor: Please give the reason for the reset' }),
    );
  });
});
