import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { type Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { useMarkExistingAsOld } from '@/features/savings/api/use-client-overview';

interface Props {
  onClose: () => void;
  onDone: (notice: Notice) => void;
}

/** Asks before every existing player becomes an old client (Savings Management, a treasurer's). */
export function MarkOldClientsModal({ onClose, onDone }: Props) {
  const mark = useMarkExistingAsOld();
  return (
    <Modal title="Mark every existing player as an old client?" icon={<Icon name="user" />}>
      <p className="modal__text">Every current player becomes an old client, with the old clients&apos; savings limits.</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={mark.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={mark.isPending}
          onClick={() =>
            mark.mutate(undefined, {
              onSuccess: (answer) => {
                onDone({ tone: 'success', text: answer.detail });
                onClose();
              },
              onError: (error) => {
                onDone({ tone: 'error', text: `Error marking existing players: ${errorDetail(error)}` });
                onClose();
              },
            })
          }
        >
          {mark.isPending ? 'Marking...' : 'Mark as Old Clients'}
        </button>
      </div>
    </Modal>
  );
}
