import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { plural } from '@/lib/plural';

interface Props {
  /** the server's counter: active accounts with at least one week overdue */
  overdueAccounts: number;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before every overdue week is marked Not Paid (Check Savings). */
export function AutoProcessOverdueModal({ overdueAccounts, pending, onCancel, onConfirm }: Props) {
  return (
    <Modal title="Auto-process overdue savings?" icon={<Icon name="clock" />} onEscape={pending ? undefined : onCancel}>
      <p className="modal__text" data-testid="auto-process-summary">
        Every overdue week of {plural(overdueAccounts, 'savings account')} is marked Not Paid, week by week, and its interest is added
        to the balance.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button type="button" className="btn btn--danger" onClick={onConfirm} disabled={pending}>
          {pending ? 'Processing...' : 'Process Overdue Weeks'}
        </button>
      </div>
    </Modal>
  );
}
