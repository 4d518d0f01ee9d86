import { useState, type FormEvent } from 'react';
import { StatBox } from '@/components/stat-box';
import { AmountField } from '@/components/amount-field';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { formatMoney, parseAmount } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { parseDays } from '@/lib/loans';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { AdminPlayer } from '@/features/players/api/types';
import { usePlayerSearchPages } from '@/features/players/api/use-search-players';
import { useCreateLoan } from '@/features/loans/api/use-create-loan';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { useLoanQuote } from '@/features/loans/api/use-loan-quote';
import { quoteProblem } from '@/features/loans/quote-problem';
import { useCreditBenefits } from '@/features/credit/api/use-credit-benefits';
import { PlayerProducts } from '@/features/admin/player-products';
import { useCreateSavings } from '@/features/savings/api/use-savings-actions';
import { useNewSavingsQuote } from '@/features/savings/api/use-savings-quote';
import '@/components/bank-ui.css';

// admin-side §5, word for word
export const ENTER_SEARCH_TERM = 'Please enter a search term';
export const SELECT_PLAYER = 'Please search and select a player first';
export const ENTER_VALUE = 'Please enter a value';
export const BAD_PAYER_PRODUCTS = 'Cannot create products for bad payers';
export const ENTER_DAYS = 'Please enter loan duration in days';

type ProductType = 'saving' | 'loan';

interface PlayerSearchProps {
  term: string | null;
  onSearch: (term: string | null) => void;
  search: ReturnType<typeof usePlayerSearchPages>;
  selected: AdminPlayer | null;
  onSelect: (player: AdminPlayer) => void;
}

function PlayerSearch({ term, onSearch: setTerm, search, selected, onSelect }: PlayerSearchProps) {
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

/** What the server would charge: the quote for the selected player, once a value is typed. */
function LoanQuoteNote({ player, value, days }: { player: AdminPlayer; value: string; days: string }) {
  const { quote, updating } = useLoanQuote({ playerId: player.id, value, totalDays: days }, { enabled: value.trim() !== '' });
  const problem = quoteProblem(quote);
  // while another player's answer is still shown, show nothing rather than their price
  const answer = quote.data?.player_id === player.id ? quote.data : undefined;
  if (!value.trim() || (!problem && (answer?.interest_rate ?? null) === null)) return null;
  return (
    <div className={updating ? 'quote-note quote-note--updating' : 'quote-note'} aria-live="polite" aria-busy={updating}>
      {problem ? (
        <p className="alert alert--error">{problem}</p>
      ) : (
        answer &&
        answer.interest_rate !== null && (
          <>
            <p className="note" data-testid="quote-note">
              <Icon name="info" size={18} />
              <span>
                {formatPercent(answer.interest_rate)} for {player.name}: {formatMoney(answer.total_to_pay ?? 0)} to pay
                {answer.daily_payment !== null && `, ${formatMoney(answer.daily_payment)} a day`}. The loan starts today.
              </span>
            </p>
            {!answer.eligible && answer.reason && (
              <p className="muted">
                {player.name}&apos;s own request would be refused: {answer.reason}
              </p>
            )}
          </>
        )
      )}
    </div>
  );
}

/** What the server would open: the rate, the weekly payment and the client limits, once a value is typed. */
function SavingsQuoteNote({ player, value }: { player: AdminPlayer; value: string }) {
  const { quote, updating } = useNewSavingsQuote({ playerId: player.id, investedValue: value }, { enabled: value.trim() !== '' });
  const answer = quote.data?.player_id === player.id ? quote.data : undefined;
  if (!value.trim()) return null;
  return (
    <div className={updating ? 'quote-note quote-note--updating' : 'quote-note'} aria-live="polite" aria-busy={updating}>
      {quote.isError && !quote.data ? (
        <p className="alert alert--error">{errorDetail(quote.error)}</p>
      ) : (
        answer &&
        answer.weekly_payment !== null && (
          <>
            <p className="note" data-testid="savings-quote-note">
              <Icon name="info" size={18} />
              <span>
                {formatPercent(answer.interest_rate)} a week for {player.name}: {formatMoney(answer.weekly_payment)} a week. As{' '}
                {answer.client_type === 'old' ? 'an old' : 'a new'} client: {answer.active_count} of {plural(answer.max_accounts, 'account')},{' '}
                {formatMoney(answer.remaining)} of {formatMoney(answer.max_total)} left.
              </span>
            </p>
            {!answer.allowed && answer.reason && (
              <p className="alert alert--error" data-testid="savings-quote-reason">
                {answer.reason}
              </p>
            )}
          </>
        )
      )}
    </div>
  );
}

/** The product form, also opened from a player's details card (Search Player). */
export function ProductForm({ player, adminName, title = '2. Product' }: { player: AdminPlayer | null; adminName: string; title?: string }) {
  const [type, setType] = useState<ProductType>('loan');
  const [value, setValue] = useState('');
  const [days, setDays] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  // a message belongs to the attempt that made it: another player picked, it goes
  const [noticeFor, setNoticeFor] = useState(player?.id ?? null);
  if ((player?.id ?? null) !== noticeFor) {
    setNoticeFor(player?.id ?? null);
    setNotice(null);
  }
  const create = useCreateLoan();
  const createSavings = useCreateSavings();
  const limits = useLoanLimits();

  const amount = parseAmount(value);
  const totalDays = parseDays(days);

  // an error speaks of what was typed: once the admin changes it, the error is out of date
  const editing = (set: (text: string) => void) => (text: string) => {
    set(text);
    if (notice?.tone === 'error') setNotice(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fail = (text: string) => setNotice({ tone: 'error', text });
    if (!player) return fail(SELECT_PLAYER);
    if (!value.trim()) return fail(ENTER_VALUE);
    if (player.bad_payer) return fail(BAD_PAYER_PRODUCTS);
    if (type === 'saving') {
      setNotice(null);
      // the client limits are the server's: its refusal is shown as it says it
      createSavings.mutate(
        { player_id: player.id, invested_value: amount ?? value.trim(), user: adminName },
        {
          onSuccess: (savings) => {
            setNotice({
              tone: 'success',
              text: `Savings #${savings.id} created for ${player.name}: ${formatMoney(savings.invested_value)} at ${formatPercent(savings.interest_rate)} a week.`,
            });
            setValue('');
          },
          onError: (error) => fail(`Error creating savings: ${errorDetail(error)}`),
        },
      );
      return;
    }
    if (!days.trim()) return fail(ENTER_DAYS);
    setNotice(null);
    create.mutate(
      { player_id: player.id, value: amount ?? value.trim(), total_days: totalDays ?? days.trim(), user: adminName },
      {
        onSuccess: (loan) => {
          setNotice({
            tone: 'success',
            text: `Loan #${loan.id} created for ${player.name}: ${formatMoney(loan.value)} at ${formatPercent(loan.interest_rate)} over ${plural(loan.total_days, 'day')}.`,
          });
          setValue('');
          setDays('');
        },
        onError: (error) => fail(`Error creating loan: ${errorDetail(error)}`),
      },
    );
  };

  return (
    <Card title={title} icon={<Icon name="plus" />}>
      <form className="form form--tight" onSubmit={submit} noValidate>
        <fieldset className="fieldset">
          <legend>Type</legend>
          <div className="segmented">
            {(['saving', 'loan'] as const).map((option) => (
              <label key={option} className="segmented__option">
                <input
                  type="radio"
                  name="product-type"
                  value={option}
                  checked={type === option}
                  onChange={() => {
                    setType(option);
                    setNotice(null);
                  }}
                />
                <Icon name={option === 'loan' ? 'creditCard' : 'coins'} size={16} />
                {option === 'loan' ? 'Loan' : 'Saving'}
              </label>
            ))}
          </div>
        </fieldset>
        {type === 'saving' ? (
          <>
            <AmountField label="Value" value={value} onChange={editing(setValue)} />
            {player && !player.bad_payer && <SavingsQuoteNote player={player} value={value} />}
            <NoticeBanner notice={notice} />
            <button type="submit" className="btn btn--primary btn--block" disabled={createSavings.isPending}>
              <Icon name="plus" size={18} />
              {createSavings.isPending ? 'Adding...' : 'Add Product'}
            </button>
          </>
        ) : (
          <>
            <AmountField label="Value" value={value} onChange={editing(setValue)} />
            <TextField
              label="Loan Duration (Days)"
              type="number"
              inputMode="numeric"
              min={limits.data?.min_days}
              max={limits.data?.max_days}
              step={1}
              value={days}
              onChange={editing(setDays)}
              placeholder="e.g. 30"
            />
            {player && !player.bad_payer && <LoanQuoteNote player={player} value={value} days={days} />}
            <NoticeBanner notice={notice} />
            <button type="submit" className="btn btn--primary btn--block" disabled={create.isPending}>
              <Icon name="plus" size={18} />
              {create.isPending ? 'Adding...' : 'Add Product'}
            </button>
          </>
        )}
      </form>
    </Card>
  );
}

function SelectedPlayer({ player, onClear }: { player: AdminPlayer; onClear: () => void }) {
  const scale = useCreditBenefits();
  return (
    <Card title={`${player.name}'s details and products`} icon={<Icon name="user" />} className="selected-player">
      <dl className="player-facts">
        <StatBox label="ID" value={player.id} />
        <StatBox label="Discord" value={player.discord} />
        <StatBox label="Added By" value={player.added_by ?? 'Self-registered'} />
        <StatBox
          label="Standing"
          value={
            player.bad_payer ? (
              <span className="badge badge--error">Bad payer</span>
            ) : (
              <span className="badge badge--success">Good standing</span>
            )
          }
        />
        <StatBox
          label="Credit Score"
          value={scale.data ? `${player.credit_score} / ${scale.data.max_score}` : player.credit_score}
        />
        <StatBox label="Client Type" value={player.client_type === 'old' ? 'Old client' : 'New client'} />
      </dl>
      <PlayerProducts playerId={player.id} />
      <div className="tile-actions">
        <button type="button" className="btn btn--secondary btn--small" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </Card>
  );
}

export function AddProductTab({ adminName }: { adminName: string }) {
  const [term, setTerm] = useState<string | null>(null);
  const search = usePlayerSearchPages(term);
  const [picked, setPicked] = useState<AdminPlayer | null>(null);
  // the freshest copy of the chosen player (a live notice refetches the search: bad payer flag)
  const found = search.data?.pages.flatMap((page) => page.players).find((player) => player.id === picked?.id);
  const selected = picked ? (found ?? picked) : null;
  return (
    <div className="stack">
      <div className="split split--even">
        <PlayerSearch term={term} onSearch={setTerm} search={search} selected={selected} onSelect={setPicked} />
        <ProductForm player={selected} adminName={adminName} />
      </div>
      {selected && <SelectedPlayer player={selected} onClear={() => setPicked(null)} />}
    </div>
  );
}
