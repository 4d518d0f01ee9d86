import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreditEvent } from '@/features/credit/api/types';
import { CreditHistoryPanel } from '@/features/credit/credit-history-panel';
import { mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

const EVENTS: CreditEvent[] = Array.from({ length: 12 }, (_, index) => ({
  id: index + 1,
  action_type: 'donation',
  reason: `Gave bread ${index + 1}`,
  points_change: 5,
  old_score: index * 5,
  new_score: (index + 1) * 5,
  admin_user: 'admin',
  timestamp: '2025-03-01T10:00:00Z',
}));

// jsdom lays nothing out: the list's box is given the heights a browser would measure
function layOut(list: HTMLElement, { scrollHeight, clientHeight, scrollTop = 0 }: { scrollHeight: number; clientHeight: number; scrollTop?: number }) {
  Object.defineProperty(list, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(list, 'scrollTop', { configurable: true, value: scrollTop });
}

describe('CreditHistoryPanel', () => {
  it('says the list scrolls while entries are hidden below it, and stops saying so at the bottom', async () => {
    mockFetch({ 'GET /api/players/7/credit-history': { body: { history: EVENTS } } });
    renderWithProviders(<CreditHistoryPanel playerId={7} />);
    const list = await screen.findByRole('list', { name: 'Credit score history' });
    layOut(list, { scrollHeight: 900, clientHeight: 384 });
    fireEvent.scroll(list);
    const cue = await screen.findByText(/^Scroll the list for more/);
    expect(cue.textContent?.trim()).toBe('Scroll the list for more (12 entries in all)');
    expect(list.getAttribute('aria-describedby')).toBe(cue.id);
    expect(list.parentElement?.className).toContain('credit-history-box--more');

    layOut(list, { scrollHeight: 900, clientHeight: 384, scrollTop: 516 });
    fireEvent.scroll(list);
    expect(screen.queryByText(/^Scroll the list for more/)).toBeNull();
    expect(list.hasAttribute('aria-describedby')).toBe(false);
  });

  it('shows no cue when every entry fits', async () => {
    mockFetch({ 'GET /api/players/7/credit-history': { body: { history: EVENTS.slice(0, 2) } } });
    renderWithProviders(<CreditHistoryPanel playerId={7} />);
    await screen.findByRole('list', { name: 'Credit score history' });
    expect(screen.queryByText(/^Scroll the list for more/)).toBeNull();
  });
});
