import type { ReactNode } from 'react';
import { Modal } from '@/components/modal';

interface Props {
  /** the question, as the person reads it: `Reset Aria's credit score to 0 (loan default)?` */
  title: string;
  /** what happens, in a sentence or two */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  /** the confirm button red: the action takes something away */
  danger?: boolean;
  pending?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The themed yes/no question, in place of the browser's `window.confirm`. Escape is its Cancel. */
export function ConfirmModal({ title, children, confirmLabel, pendingLabel, danger = false, pending = false, onCancel, onConfirm }: Props) {
  return (
    <Modal title={title} onEscape={pending ? undefined : onCancel}>
      {children && <div className="modal__text">{children}</div>}
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className={`btn ${danger ? 'btn--danger' : 'btn--primary'}`} onClick={onConfirm} disabled={pending}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
