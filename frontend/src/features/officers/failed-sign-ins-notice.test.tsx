import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FailedSignInsNotice } from '@/features/officers/failed-sign-ins-notice';
import { formatDateTime } from '@/lib/dates';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const ME = { username: 'lou', is_admin: true, role: 'loan_officer', has_solo_access: false, player: null };
const LATEST = '2026-11-28T14:02:00Z';
const FAILURES = {
  count: 3,
  since: '2026-11-27T09:00:00Z',
  latest: [
    { at: LATEST, address: '203.0.113.9', door: 'app sign-in' },
    { at: '2026-11-28T13:58:00Z', address: '203.0.113.9', door: 'app sign-in' },
    { at: '2026-11-28T10:00:00Z', address: '198.51.100.7', door: 'Django admin site' },
  ],
};

describe('FailedSignInsNotice', () => {
  it("tells the officer how many wrong passwords were given for them since their last sign-in, the latest's address and time", async () => {
    mockFetch({ 'GET /api/me': { body: { ...ME, failed_sign_ins: FAILURES } } });
    renderWithProviders(<FailedSignInsNotice />);
    const notice = await screen.findByTestId('failed-sign-ins');
    expect(notice.querySelector('.sign-in-failures__text')?.textContent).toBe(
      `3 failed sign-in attempts since your last sign-in, the latest from 203.0.113.9 at ${formatDateTime(LATEST)}.`,
    );
    const latest = within(notice).getByRole('list', { name: 'Latest attempts' });
    expect(within(latest).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `${formatDateTime(LATEST)} · 203.0.113.9 · app sign-in`,
      `${formatDateTime('2026-11-28T13:58:00Z')} · 203.0.113.9 · app sign-in`,
      `${formatDateTime('2026-11-28T10:00:00Z')} · 198.51.100.7 · Django admin site`,
    ]);
    within(notice).getByText(/only for sign-ins from the address they came from/);
  });

  it('says one attempt in the singular, without a list, and "on your account" before any earlier sign-in', async () => {
    const one = { count: 1, since: null, latest: [FAILURES.latest[0]] };
    mockFetch({ 'GET /api/me': { body: { ...ME, failed_sign_ins: one } } });
    renderWithProviders(<FailedSignInsNotice />);
    const notice = await screen.findByTestId('failed-sign-ins');
    expect(notice.querySelector('.sign-in-failures__text')?.textContent).toBe(
      `1 failed sign-in attempt on your account, the latest from 203.0.113.9 at ${formatDateTime(LATEST)}.`,
    );
    expect(within(notice).queryByRole('list')).toBeNull();
  });

  it('goes away when dismissed', async () => {
    mockFetch({ 'GET /api/me': { body: { ...ME, failed_sign_ins: FAILURES } } });
    renderWithProviders(<FailedSignInsNotice />);
    fireEvent.click(within(await screen.findByTestId('failed-sign-ins')).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('failed-sign-ins')).toBeNull();
  });

  it('shows nothing when there were none, or for a player', async () => {
    for (const body of [{ ...ME, failed_sign_ins: { count: 0, since: null, latest: [] } }, { ...ME, is_admin: false, role: undefined }]) {
      const { fetchMock } = mockFetch({ 'GET /api/me': { body } });
      const { container, unmount } = renderWithProviders(<FailedSignInsNotice />);
      await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });
});
