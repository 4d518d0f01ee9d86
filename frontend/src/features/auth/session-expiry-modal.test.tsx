import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SessionExpiryModal } from '@/features/auth/session-expiry-modal';

function Screen({ secondsLeft, onLogout }: { secondsLeft: number; onLogout: () => Promise<void> }) {
  const [warning, setWarning] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setWarning(true)}>
        My Loans
      </button>
      {warning && (
        <SessionExpiryModal
          secondsLeft={secondsLeft}
          onExtend={() => {
            setWarning(false);
            return Promise.resolve();
          }}
          onLogout={onLogout}
        />
      )}
    </>
  );
}

async function setup(secondsLeft = 60) {
  const user = userEvent.setup();
  const onLogout = vi.fn(() => Promise.resolve());
  const view = render(<Screen secondsLeft={secondsLeft} onLogout={onLogout} />);
  await user.click(screen.getByRole('button', { name: 'My Loans' }));
  return { user, onLogout, view };
}

describe('SessionExpiryModal', () => {
  it('starts on Extend Session and keeps Tab and Shift+Tab between its two buttons', async () => {
    const { user } = await setup();
    const extend = screen.getByRole('button', { name: 'Extend Session' });
    const logout = screen.getByRole('button', { name: 'Logout Now' });
    expect(document.activeElement).toBe(extend);
    await user.tab();
    expect(document.activeElement).toBe(logout);
    await user.tab();
    expect(document.activeElement).toBe(extend);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(logout);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(extend);
  });

  it('stays open on Escape: only Extend Session or Logout Now ends it', async () => {
    const { user, onLogout } = await setup();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Session Expiring Soon' }).textContent).toContain('60 seconds');
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('Enter on Logout Now logs out, from the keyboard alone', async () => {
    const { user, onLogout } = await setup();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('returns focus to where it was once the session is extended', async () => {
    const { user } = await setup();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'My Loans' }));
  });

  it('announces the countdown politely, in steps rather than every second', async () => {
    const { view } = await setup(47);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Your session will expire within 1 minute.');
    expect(screen.getByRole('dialog').querySelector('[aria-live="assertive"]')).toBeNull();
    view.rerender(<Screen secondsLeft={31} onLogout={() => Promise.resolve()} />);
    expect(screen.getByRole('status').textContent).toBe('Your session will expire within 1 minute.');
    view.rerender(<Screen secondsLeft={30} onLogout={() => Promise.resolve()} />);
    expect(screen.getByRole('status').textContent).toBe('Your session will expire within 30 seconds.');
    // the visible countdown still shows each second
    expect(screen.getByRole('dialog').textContent).toContain('Your session will expire in 30 seconds');
  });
});
