import { Icon } from '@/components/icon';
import { formatMoney } from '@/lib/money';
import { formatPercent } from '@/lib/percent';
import type { AdminPlayer } from '@/features/players';
import { useLoanQuote } from '@/features/loans/api/use-loan-quote';
import { quoteProblem } from '@/features/loans/quote-problem';
import '@/components/bank-ui.css';

/** What the server would charge: the quote for the selected player, once a value is typed. */
export function LoanQuoteNote({ player, value, days }: { player: AdminPlayer; value: string; days: string }) {
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
