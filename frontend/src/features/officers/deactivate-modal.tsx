import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { useUpdateOfficer, type Officer } from '@/features/officers/api/use-officers';

export function DeactivateModal({ officer, onClose, onDone }: { officer: Officer; onClose: () => void; onDone: (notice: Notice) => void }) {
  const update = useUpdateOfficer();
  return (
    <Modal title={`Deactivate ${officer.display_name}?`} icon={<Icon name="shield" />}>
      <p className="modal__text">
        {officer.display_name} (signs in as {officer.username}) is signed out everywhere at once and cannot sign in until an
        officer reactivates them.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={update.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { officerId: officer.id, active: false },
              {
                onSuccess: () => onDone({ tone: 'success', text: `${officer.display_name} has been deactivated` }),
                onError: (error) => onDone({ tone: 'error', text: `Error deactivating officer: ${errorDetail(error)}` }),
                onSettled: onClose,
              },
            )
          }
        >
          {update.isPending ? 'Deactivating...' : 'Deactivate'}
        </button>
      </div>
    </Modal>
  );
}
