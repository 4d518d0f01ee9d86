import type { UseQueryResult } from '@tanstack/react-query';
import { StatBox } from '@/components/stat-box';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { ExchangeType } from '@/features/exchange/api/keys';
import type { ExchangeQuote } from '@/features/exchange/api/types';
import { calculationLine } from '@/features/exchange/exchange-format';
import '@/components/bank-ui.css';
import '@/features/exchange/exchange.css';

export function QuotePreview({ type, quote, updating }: { type: ExchangeType; quote: UseQueryResult<ExchangeQuote>; updating: boolean }) {
  const answer = quote.data;
  const problem = quote.isError ? errorDetail(quote.error) : null;
  return (
    <section
      aria-label="Your exchange preview"
      aria-live="polite"
      aria-busy={updating}
      className={updating ? 'exchange-preview rate-box__preview rate-box__preview--updating' : 'exchange-preview rate-box__preview'}
    >
      <dl className="stat-grid stat-grid--compact">
        <StatBox
          label={type === 'sell' ? 'You Will Receive' : 'You Will Pay'}
          value={answer && !problem ? formatMoney(answer.bread_amount) : '—'}
          tone={type === 'sell' ? 'success' : undefined}
          testId="exchange-amount"
        />
      </dl>
      {problem ? (
        <p className="alert alert--error rate-box__alert">{problem}</p>
      ) : answer && answer.pearls_amount !== null ? (
        <p className="muted" data-testid="exchange-calculation">
          {calculationLine({ pearls: answer.pearls_amount, rate: answer.exchange_rate, bread: answer.bread_amount })}
        </p>
      ) : (
        <p className="rate-box__placeholder">Type a number of pearls to see the amount.</p>
      )}
    </section>
  );
}
