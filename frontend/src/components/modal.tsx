import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  icon?: ReactNode;
  describedBy?: string;
  /** What Escape does (a dialog's Cancel). Without it Escape leaves the dialog open: the person must choose. */
  onEscape?: () => void;
  /** room for a table (an account's ledger): wider, its text aligned left */
  wide?: boolean;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// The dialogs open now, the last on top: only the top one keeps the focus (a step-up dialog opens over the
// dialog whose action it holds, and two dialogs pulling focus from each other would never settle).
const openDialogs: HTMLElement[] = [];

function focusableIn(dialog: HTMLElement): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/**
 * A centred dialog over a dimmed page. Focus moves in when it opens, Tab and Shift+Tab cycle
 * inside it, a click or a focus elsewhere is brought back, and focus returns where it was when
 * it closes.
 */
export function Modal({ title, icon, describedBy, onEscape, wide = false, children }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read while rendering: a child's autoFocus moves focus into the dialog before any effect runs.
  const [returnFocusTo] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog) openDialogs.push(dialog);
    if (dialog && !dialog.contains(document.activeElement)) (focusableIn(dialog)[0] ?? dialog).focus();
    const bringFocusBack = (event: FocusEvent) => {
      if (!dialog || openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) (focusableIn(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('focusin', bringFocusBack);
    return () => {
      document.removeEventListener('focusin', bringFocusBack);
      if (dialog) openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [returnFocusTo]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onEscape?.();
      return;
    }
    if (event.key !== 'Tab') return;
    const focusable = focusableIn(dialog);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    const current = document.activeElement;
    if (!first || !last) {
      // every control is busy (disabled): focus stays on the dialog itself
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (current === first || current === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || current === dialog)) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        className={wide ? 'modal modal--wide' : 'modal'}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        {icon && (
          <div className="modal__icon" aria-hidden="true">
            {icon}
          </div>
        )}
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
