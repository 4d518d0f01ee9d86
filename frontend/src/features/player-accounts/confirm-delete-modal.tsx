import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { type AdminPlayer, useBulkDeletePlayers, type BulkDeleteSummary } from '@/features/players';
import { plural } from '@/lib/plural';

/** The counts a bulk delete answers; the summary leaves out any of the last three it is not given. */
type DeletedCounts = Pick<BulkDeleteSummary, 'players_count' | 'loans_count' | 'savings_count' | 'pending_loans_count'> &
  Partial<Pick<BulkDeleteSummary, 'withdrawal_requests_count' | 'pearl_exchange_requests_count' | 'credit_events_count'>>;

/** The server's counts of what a bulk delete removed, in words. */
export function deleteSummaryText(summary: DeletedCounts): string {
  const parts = [
    plural(summary.players_count, 'player', 'players'),
    plural(summary.loans_count, 'loan', 'loans'),
    plural(summary.savings_count, 'savings account', 'savings accounts'),
    plural(summary.pending_loans_count, 'loan request', 'loan requests'),
  ];
  if (summary.withdrawal_requests_count !== undefined) {
    parts.push(plural(summary.withdrawal_requests_count, 'withdrawal request', 'withdrawal requests'));
  }
  if (summary.pearl_exchange_requests_count !== undefined) {
    parts.push(plural(summary.pearl_exchange_requests_count, 'pearl exchange request', 'pearl exchange requests'));
  }
  if (summary.credit_events_count !== undefined) {
    parts.push(plural(summary.credit_events_count, 'credit event', 'credit events'));
  }
  return `Deleted ${parts.join(', ')}.`;
}

export function ConfirmDeleteModal({
  players,
  onCancel,
  onDone,
}: {
  players: AdminPlayer[];
  onCancel: () => void;
  onDone: (notice: Notice, deleted: number[]) => void;
}) {
  const remove = useBulkDeletePlayers();
  const ids = players.map((player) => player.id);
  return (
    <Modal title={`Delete ${plural(players.length, 'player', 'players')}?`} icon={<Icon name="alert" />}>
      <p className="modal__text">
        <strong>Warning:</strong> this permanently removes {players.map((player) => player.name).join(', ')} and all their data:
        loans, savings, loan requests, withdrawal and pearl exchange requests and credit history. This cannot be undone.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { playerIds: ids },
              {
                onSuccess: (summary) => onDone({ tone: 'success', text: deleteSummaryText(summary) }, ids),
                onError: (error) => onDone({ tone: 'error', text: `Error deleting players: ${errorDetail(error)}` }, []),
              },
            )
          }
        >
          {remove.isPending ? 'Deleting...' : 'Delete Permanently'}
        </button>
      </div>
    </Modal>
  );
}
