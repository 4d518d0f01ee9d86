import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '@/components/modal';

function Page({ onEscape, withEscape = true }: { onEscape?: () => void; withEscape?: boolean }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onEscape?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Modal title="Confirm" onEscape={withEscape ? close : undefined}>
          <input aria-label="Notes" />
          <button type="button" disabled>
            Busy
          </button>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button type="button">Apply</button>
        </Modal>
      )}
      <button type="button">After</button>
    </>
  );
}

async function openDialog(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Modal', () => {
  it('moves focus to its first control when it opens', async () => {
    await openDialog();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Notes' }));
  });

  it('Tab cycles through its enabled controls and wraps from the last to the first', async () => {
    const user = await openDialog();
    const visited: Array<string | null> = [];
    for (let step = 0; step < 4; step += 1) {
      await user.tab();
      visited.push(document.activeElement?.textContent || document.activeElement?.getAttribute('aria-label') || null);
    }
    expect(visited).toEqual(['Cancel', 'Apply', 'Notes', 'Cancel']);
  });

  it('Shift+Tab wraps from the first control to the last', async () => {
    const user = await openDialog();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Apply' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('brings focus back inside when something behind it is focused', async () => {
    await openDialog();
    act(() => screen.getByRole('button', { name: 'After', hidden: true }).focus());
    expect(screen.getByRole('dialog', { name: 'Confirm' }).contains(document.activeElement)).toBe(true);
  });

  it('Escape does what the dialog says (its Cancel) and focus returns to the button that opened it', async () => {
    const onEscape = vi.fn();
    const user = await openDialog({ onEscape });
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('without an Escape action the dialog stays open on Escape', async () => {
    const user = await openDialog({ withEscape: false });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Confirm' })).toBeInstanceOf(HTMLElement);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Notes' }));
  });

  it('returns focus to the opener when closed by one of its buttons', async () => {
    const user = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open' }));
  });
});

describe('a dialog over a dialog', () => {
  // the step-up dialog is the app's own, beside (not inside) the dialog whose action it holds
  function Stacked() {
    const [top, setTop] = useState(false);
    return (
      <>
        <Modal title="Approve">
          <input aria-label="Approval notes" />
          <button type="button" onClick={() => setTop(true)}>
            Approve
          </button>
        </Modal>
        {top && (
          <Modal title="Confirm it is you">
            <input aria-label="Code" />
            <button type="button" onClick={() => setTop(false)}>
              Cancel
            </button>
          </Modal>
        )}
      </>
    );
  }

  it('keeps the focus in the top one (no tug of war), and gives it back to the one below when it closes', async () => {
    const user = userEvent.setup();
    render(<Stacked />);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Approve' }));
  });
});
