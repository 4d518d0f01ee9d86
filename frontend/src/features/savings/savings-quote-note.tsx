import { Icon } from '@/components/icon';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { AdminPlayer } from '@/features/players';
import { useNewSavingsQuote } from '@/features/savings/api/use-savings-quote';
import '@/components/bank-ui.css';

/** What the server would open: the rate, the weekly payment and the client limits, once a value is typed. */
export function SavingsQuoteNote({ player, value }: { player: AdminPlayer; value: string }) {
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
