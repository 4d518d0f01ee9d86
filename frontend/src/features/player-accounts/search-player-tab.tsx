import { useState, type FormEvent } from 'react';
import { useMay } from '@/features/officers';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { usePlayerSearchPages } from '@/features/players';
import { PlayerDetailsCard } from '@/features/player-accounts/player-details-card';
import { ConfirmDeleteModal } from '@/features/player-accounts/confirm-delete-modal';
import { ResultRow } from '@/features/player-accounts/result-row';
import '@/components/bank-ui.css';
import '@/components/player-admin.css';
import { plural } from '@/lib/plural';

// admin-side §5, word for word
const ENTER_SEARCH_TERM = 'Please enter a search term';
const SELECT_TO_DELETE = 'Please select at least one player to delete';

export function SearchPlayerTab({ adminName }: { adminName: string }) {
  const [text, setText] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const search = usePlayerSearchPages(term);
  const [checked, setChecked] = useState<ReadonlySet<number>>(new Set());
  const [viewingId, setViewingId] = useState<number | null>(null);
  const mayDelete = useMay('bulk_delete');
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
