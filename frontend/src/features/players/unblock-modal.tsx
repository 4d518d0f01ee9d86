import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import type { AdminPlayer } from '@/features/players/api/types';
import { useUnblockPlayer } from '@/features/players/api/use-unblock-player';

export function UnblockModal({ player, onClose, onDone }: { player: AdminPlayer; onClose: () => void; onDone: (notice: Notice) => void }) {
  const unblock = useUnblockPlayer();
  return (
    <Modal title={`Unblock ${player.name}?`} icon={<Icon name="shield" />}>
      <p className="modal__text">
        {player.name} can sign in again with their password, and the count of failed sign-ins starts from 0.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={unblock.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={unblock.isPending}
          onClick={() =>
            unblock.mutate(
              { playerId: player.id },
              {
                onSuccess: () => {
                  onDone({ tone: 'success', text: `${player.name} has been unblocked` });
                  onClose();
                },
                onError: (error) => {
                  onDone({ tone: 'error', text: `Error unblocking player: ${errorDetail(error)}` });
                  onClose();
                },
              },
            )
          }
        >
          {unblock.isPending ? 'Unblocking...' : 'Unblock'}
        </button>
      </div>
    </Modal>
  );
}
