import { useState, type FormEvent } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { type AdminPlayer, usePlayerSearchPages } from '@/features/players';
import '@/components/bank-ui.css';

// admin-side §5, word for word
const ENTER_SEARCH_TERM = 'Please enter a search term';

interface PlayerSearchProps {
  term: string | null;
  onSearch: (term: string | null) => void;
  search: ReturnType<typeof usePlayerSearchPages>;
  selected: AdminPlayer | null;
  onSelect: (player: AdminPlayer) => void;
}

export function PlayerSearch({ term, onSearch: setTerm, search, selected, onSelect }: PlayerSearchProps) {
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<Notice>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = text.trim();
    if (!wanted) {
      setNotice({ tone: 'error', text: ENTER_SEARCH_TERM });
      setTerm(null);
      return;
    }
    setNotice(null);
    setTerm(wanted);
  };

  const players = search.data?.pages.flatMap((page) => page.players) ?? [];
  const total = search.data?.pages[0]?.count ?? 0;
  const searching = search.isFetching && !search.isFetchingNextPage;
  const loadMore = useLoadNextPage(search);
  return (
    <Card title="1. Find a player" icon={<Icon name="search" />}>
      <form className="search-row" onSubmit={submit} role="search" aria-label="Player search">
        <TextField label="Search player by name or ID" value={text} onChange={setText} placeholder="e.g. Aria or 12" autoComplete="off" />
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
        <ul className="result-list" aria-label="Search results">
          {players.map((player) => {
            const isSelected = selected?.id === player.id;
            return (
              <li key={player.id} className={isSelected ? 'result-list__item result-list__item--selected' : 'result-list__item'}>
                <div>
                  <p className="result-list__name">
                    {player.name}{' '}
                    {player.bad_payer && <span className="badge badge--error">Bad payer</span>}
                  </p>
                  <p className="result-list__meta">
                    #{player.id} · {player.discord} · score {player.credit_score}
                  </p>
                </div>
                <button
                  type="button"
                  className={isSelected ? 'btn btn--primary btn--small' : 'btn btn--secondary btn--small'}
                  aria-pressed={isSelected}
                  aria-label={`Select ${player.name}`}
                  onClick={() => onSelect(player)}
                >
                  {isSelected ? 'Selected' : 'Select'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
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
    </Card>
  );
}
