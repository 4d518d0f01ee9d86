import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UndeliveredNotice } from '@/features/notifications/undelivered-notice';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

describe('UndeliveredNotice', () => {
  it('says how many Discord messages wait and since when', async () => {
    mockFetch({ 'GET /api/admin/notifications/undelivered': { body: { count: 3, oldest: '2026-11-23T09:00:00Z', enabled: true } } });
    renderWithProviders(<UndeliveredNotice />);
    const notice = await screen.findByTestId('undelivered-notice');
    expect(notice.textContent).toMatch(/^3 Discord notifications have not been delivered yet \(oldest queued .+\)\.$/);
  });

  it('says when the webhook is not set', async () => {
    mockFetch({ 'GET /api/admin/notifications/undelivered': { body: { count: 1, oldest: null, enabled: false } } });
    renderWithProviders(<UndeliveredNotice />);
    expect((await screen.findByTestId('undelivered-notice')).textContent).toBe(
      '1 Discord notification has not been delivered yet. Discord notifications are off: DISCORD_WEBHOOK_URL is not set.',
    );
  });

  it('shows nothing when every message was delivered', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/admin/notifications/undelivered': { body: { count: 0, oldest: null, enabled: true } } });
    const { container } = renderWithProviders(<UndeliveredNotice />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(container.innerHTML).toBe('');
  });
});
