import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { actAndSettle } from '@/testing/render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionWatcher } from '@/features/auth/session-watcher';

const TIMING = { sessionMs: 14_000, warningMs: 6_000, countdownSeconds: 8 };

describe('SessionWatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-06-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(loginTime = Date.now()) {
    const onExtend = vi.fn(() => Promise.resolve());
    const onLogout = vi.fn(() => Promise.resolve());
    const view = render(<SessionWatcher loginTime={loginTime} timing={TIMING} onExtend={onExtend} onLogout={onLogout} />);
    return { ...view, onExtend, onLogout };
  }

  it('shows nothing before the warning time', () => {
    setup();
    act(() => {
      vi.advanceTimersByTime(5_900);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the modal with the countdown at the warning time, counting down each second', () => {
    setup();
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    const dialog = screen.getByRole('dialog', { name: 'Session Expiring Soon' });
    expect(dialog.textContent).toContain('8 seconds');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(dialog.textContent).toContain('5 seconds');
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Logout Now', 'Extend Session']);
  });

  it('logs out once when the countdown reaches zero', () => {
    const { onLogout } = setup();
    act(() => {
      vi.advanceTimersByTime(6_000);
    });
    act(() => {
      vi.advanceTimersByTime(7_999);
    });
    expect(onLogout).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onLogout).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('Logout Now logs out', () => {
    const { onLogout } = setup();
    act(() => {
      vi.advanceTimersByTime(7_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Logout Now' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('Extend Session asks for more time; a new login time restarts the clock', async () => {
    const start = Date.now();
    const { onExtend, onLogout, rerender } = setup(start);
    act(() => {
      vi.advanceTimersByTime(7_000);
    });
    await actAndSettle(() => fireEvent.click(screen.getByRole('button', { name: 'Extend Session' })));
    expect(onExtend).toHaveBeenCalledTimes(1);
    // The provider answers an extension with a fresh login time.
    const renewed = Date.now();
    rerender(<SessionWatcher key={renewed} loginTime={renewed} timing={TIMING} onExtend={onExtend} onLogout={onLogout} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('dialog').textContent).toContain('8 seconds');
  });

  it('shows an error and keeps the modal when the extension fails', async () => {
    const onExtend = vi.fn(() => Promise.reject(new Error('offline')));
    const onLogout = vi.fn(() => Promise.resolve());
    render(<SessionWatcher loginTime={Date.now()} timing={TIMING} onExtend={onExtend} onLogout={onLogout} />);
    act(() => {
      vi.advanceTimersByTime(6_500);
    });
    await actAndSettle(() => fireEvent.click(screen.getByRole('button', { name: 'Extend Session' })));
    expect(screen.getByRole('alert').textContent).toBe('Could not extend the session. Please try again.');
    expect(screen.getByRole('dialog', { name: 'Session Expiring Soon' }).contains(screen.getByRole('alert'))).toBe(true);
  });
});
