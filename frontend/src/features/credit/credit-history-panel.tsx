import { EmptyState } from '@/components/empty-state';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { useCreditHistory } from '@/features/credit/api/use-credit-history';
import { useId, useRef } from 'react';
import { detailOr } from '@/lib/errors';
import { plural } from '@/lib/plural';
import { useMoreBelow } from '@/lib/use-more-below';
import { formatDateTime } from '@/lib/dates';
import { actionLabel, signedPoints } from '@/features/credit/credit-format';
import '@/components/bank-ui.css';
import '@/components/credit.css';

export function CreditHistoryPanel({ playerId }: { playerId: number }) {
  const history = useCreditHistory(playerId);
  const listRef = useRef<HTMLOListElement>(null);
  const events = history.data?.history;
  // the list scrolls inside its box: say so while entries are hidden below, in words and a fade
  const moreBelow = useMoreBelow(listRef, events);
  const cueId = useId();
  return (
    <Card title="Credit Score History" icon={<Icon name="history" />} className="credit-card">
      {history.isPending ? (
        <LoadingBlock message="Loading credit history..." />
      ) : history.isError ? (
        <ErrorBlock message={detailOr(history.error, 'Failed to fetch credit history')} onRetry={() => void history.refetch()} />
      ) : history.data.history.length === 0 ? (
        <EmptyState framed={false} title="No credit score history yet" text="Start banking to build your credit score!" />
      ) : (
        <div className={moreBelow ? 'credit-history-box credit-history-box--more' : 'credit-history-box'}>
          <ol
            ref={listRef}
            className="credit-history"
            aria-label="Credit score history"
            aria-describedby={moreBelow ? cueId : undefined}
            tabIndex={0}
          >
            {history.data.history.map((event) => (
              <li key={event.id} className="credit-history__item">
                <div className="credit-history__main">
                  <span className="credit-history__action">{actionLabel(event.action_type)}</span>
                  <span className="credit-history__reason">{event.reason}</span>
                  <span className="muted credit-history__meta">
                    {formatDateTime(event.timestamp)}
                    {event.admin_user && <> · Admin: {event.admin_user}</>}
                  </span>
                </div>
                <div className="credit-history__points">
                  <span className={event.points_change >= 0 ? 'points points--up' : 'points points--down'}>
                    {signedPoints(event.points_change)}
                  </span>
                  <span className="muted">
                    {event.old_score} → {event.new_score}
                  </span>
                </div>
              </li>
            ))}
          </ol>
          {moreBelow && (
            <p className="scroll-cue" id={cueId}>
              <Icon name="chevronDown" size={14} /> Scroll the list for more ({plural(history.data.history.length, 'entry', 'entries')} in all)
            </p>
          )}
        </div>
      )}
    </Card>
  );
}
