import { useState, type FormEvent } from 'react';
import { useMay } from '@/features/officers/officer-role';
import { ACTION_LEAST_ROLE } from '@/lib/officers';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import type { AdminPlayer } from '@/features/players/api/types';
import { useBulkDeletePlayers, type BulkDeleteSummary } from '@/features/players/api/use-bulk-delete-players';
import { usePlayerSearchPages } from '@/features/players/api/use-search-players';
import { PlayerDetailsCard } from '@/features/admin/player-details-card';
import { StandingBadge } from '@/features/admin/standing-badge';
import { PlayerPasswordForm } from '@/features/admin/player-password-form';
import '@/components/bank-ui.css';
import '@/features/admin/player-admin.css';
import { plural } from '@/lib/plural';

// admin-side §5, word for word
const ENTER_SEARCH_TERM = 'Please enter a search term';
const SELECT_TO_DELETE = 'Please select at least one player to delete';

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

function ConfirmDeleteModal({
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

interface ResultRowProps {
  player: AdminPlayer;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  viewing: boolean;
  onView: () => void;
}

function ResultRow({ player, checked, onCheck, viewing, onView }: ResultRowProps) {
  const [password, setPassword] = useState(false);
  const mayPassword = useMay(ACTION_LEAST_ROLE.password);
  const mayDelete = useMay(ACTION_LEAST_ROLE.bulkDelete);
  const [notice, setNotice] = useState<Notice>(null);
  const classes = ['result-list__item', viewing ? 'result-list__item--selected' : '', password || notice ? 'result-list__item--open' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-testid={`search-result-${player.id}`}>
      <label className="result-list__pick">
        {mayDelete && (
          <input type="checkbox" checked={checked} onChange={(event) => onCheck(event.target.checked)} aria-label={`Select ${player.name}`} />
        )}
        <span>
          <span className="result-list__name">
            {player.name} <StandingBadge player={player} /> {player.blocked_at && <span className="badge badge--error">Blocked</span>}
          </span>
          <span className="result-list__meta result-list__line">
            #{player.id} · {player.discord} · score {player.credit_score}
          </span>
        </span>
      </label>
      <div className="result-list__buttons">
        <button type="button" className={viewing ? 'btn btn--primary btn--small' : 'btn btn--secondary btn--small'} aria-pressed={viewing} aria-label={`View Details of ${player.name}`} onClick={onView}>
          <Icon name="user" size={16} />
          View Details
        </button>
        {mayPassword && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-expanded={password}
          aria-label={`Password of ${player.name}`}
          onClick={() => {
            setNotice(null);
            setPassword((open) => !open);
          }}
        >
          <Icon name="shield" size={16} />
          Password
        </button>
        )}
      </div>
      {password && (
        <div className="result-list__panel">
          <PlayerPasswordForm player={player} onNotice={setNotice} onClose={() => setPassword(false)} />
        </div>
      )}
      {notice && (
        <div className="result-list__panel">
          <NoticeBanner notice={notice} />
        </div>
      )}
    </li>
  );
}

export function SearchPlayerTab({ adminName }: { adminName: string }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const search = usePlayerSearchPages(term);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [viewingId, setViewingId] = useState<number | null>(null);
  const mayDelete = useMay(ACTION_LEAST_ROLE.bulkDelete);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const players = search.data?.pages.flatMap((page) => page.players) ?? [];
  const total = search.data?.pages[0]?.count ?? 0;
  const chosen = players.filter((player) => checked.has(player.id));
  const allChosen = players.length > 0 && chosen.length === players.length;
  // the freshest copy of the viewed player: a live notice refetches the search
  const viewing = players.find((player) => player.id === viewingId) ?? null;

  const searching = search.isFetching && !search.isFetchingNextPage;
  const loadMore = useLoadNextPage(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    setChecked(new Set());
    if (!wanted) {
      setNotice({ tone: 'error', text: ENTER_SEARCH_TERM });
      setTerm(null);
      return;
    }
    setNotice(null);
    setTerm(wanted);
  };

  return (
    <div className="stack">
      <Card title="Find players" icon={<Icon name="search" />}>
        <form className="search-row" onSubmit={submit} role="search" aria-label="Search players">
          <TextField label="Search by name or ID" value={text} onChange={setText} placeholder="e.g. Aria or 12" autoComplete="off" />
          <button type="submit" className="btn btn--primary" disabled={searching}>
            <Icon name="search" size={18} />
            {searching ? 'Searching...' : 'Search'}
          </button>
        </form>
        <NoticeBanner notice={notice} className="tile-notice" />
        {search.isError && (
          <p className="alert alert--error tile-notice" role="alert">
            Error searching players: {errorDetail(search.error)}
          </p>
        )}
        {search.isSuccess && term && players.length === 0 && (
          <p className="alert alert--error tile-notice" role="alert">
            No players found matching: {term}
          </p>
        )}
        {players.length > 0 && (
          <>
            <div className="result-toolbar" role="group" aria-label="Selected players">
              <span className="result-toolbar__count" aria-live="polite">
                {plural(total, 'player', 'players')} found{mayDelete ? ` · ${chosen.length} selected` : ''}
              </span>
              {mayDelete && (
              <>
              <button
                type="button"
                className="btn btn--secondary btn--small"
                onClick={() => setChecked(allChosen ? new Set() : new Set(players.map((player) => player.id)))}
              >
                <Icon name={allChosen ? 'x' : 'check'} size={16} />
                {allChosen ? 'Deselect All' : 'Select All'}
              </button>
              <button
                type="button"
                className="btn btn--danger btn--small"
                onClick={() => {
                  if (chosen.length === 0) {
                    setNotice({ tone: 'error', text: SELECT_TO_DELETE });
                    return;
                  }
                  setNotice(null);
                  setConfirming(true);
                }}
              >
                <Icon name="x" size={16} />
                Delete Selected ({chosen.length})
              </button>
              </>
              )}
            </div>
            <ul className="result-list" aria-label="Search results">
              {players.map((player) => (
                <ResultRow
                  key={player.id}
                  player={player}
                  checked={checked.has(player.id)}
                  onCheck={(on) =>
                    setChecked((current) => {
                      const next = new Set(current);
                      if (on) next.add(player.id);
                      else next.delete(player.id);
                      return next;
                    })
                  }
                  viewing={viewingId === player.id}
                  onView={() => setViewingId((current) => (current === player.id ? null : player.id))}
                />
              ))}
            </ul>
            {total > players.length && (
              <LoadMore
                shown={players.length}
                total={total}
                noun="player"
                hasMore={search.hasNextPage}
                loading={search.isFetchingNextPage}
                onLoadMore={loadMore}
              />
            )}
          </>
        )}
      </Card>
      {viewing && <PlayerDetailsCard key={viewing.id} player={viewing} adminName={adminName} onClose={() => setViewingId(null)} />}
      {confirming && (
        <ConfirmDeleteModal
          players={chosen}
          onCancel={() => setConfirming(false)}
          onDone={(next, deleted) => {
            setConfirming(false);
            setNotice(next);
            if (deleted.length > 0) {
              setChecked(new Set());
              if (viewingId !== null && deleted.includes(viewingId)) setViewingId(null);
            }
          }}
        />
      )}
    </div>
  );
}
