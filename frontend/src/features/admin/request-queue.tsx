import { useCallback, useState, type ComponentType } from 'react';
import type { DecisionKind } from '@/components/decision-form';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage, type NextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import '@/components/bank-ui.css';

/** An admin's pending choice on one request: which button was pressed, on which request. */
export interface Decision<T> {
  kind: DecisionKind;
  request: T;
}

/** Approve and Deny on a request's card; `subject` names it for screen readers ("Borin's request #5"). */
export function DecisionButtons({ subject, onDecide }: { subject: string; onDecide: (kind: DecisionKind) => void }) {
  return (
    <div className="actions-row">
      <button type="button" className="btn btn--primary btn--small" aria-label={`Approve ${subject}`} onClick={() => onDecide('approve')}>
        <Icon name="check" size={16} />
        Approve
      </button>
      <button type="button" className="btn btn--danger btn--small" aria-label={`Deny ${subject}`} onClick={() => onDecide('deny')}>
        <Icon name="x" size={16} />
        Deny
      </button>
    </div>
  );
}

interface RequestQueueProps<T extends { id: number }> {
  /** every request loaded so far, how many there are in all, and the query that loads the next page */
  rows: T[];
  count: number;
  paging: NextPage;
  empty: { title: string; text: string };
  /** a request's card; `onDecide` opens the decision dialog on it */
  Card: ComponentType<{ request: T; onDecide: (decision: Decision<T>) => void }>;
  /** the decision dialog: `onClose` closes it, `onDone` tells the tab's banner how it went */
  Dialog: ComponentType<{ decision: Decision<T>; onClose: () => void; onDone: (notice: Notice) => void }>;
}

/**
 * The body of a request tab (pending loans, withdrawals, pearl exchanges): the outcome of the last
 * decision, the cards a page at a time, and the decision dialog of the card whose button was pressed.
 */
export function RequestQueue<T extends { id: number }>({ rows, count, paging, empty, Card, Dialog }: RequestQueueProps<T>) {
  const [decision, setDecision] = useState<Decision<T> | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const decide = useCallback((next: Decision<T>) => {
    setNotice(null);
    setDecision(next);
  }, []);
  const close = useCallback(() => setDecision(null), []);
  const loadMore = useLoadNextPage(paging);

  return (
    <>
      <NoticeBanner notice={notice} className="tab-notice" />
      {rows.length === 0 ? (
        <EmptyState icon="inbox" title={empty.title} text={empty.text} />
      ) : (
        <div className="stack">
          {rows.map((request) => (
            <Card key={request.id} request={request} onDecide={decide} />
          ))}
          <LoadMore
            shown={rows.length}
            total={count}
            noun="request"
            hasMore={paging.hasNextPage}
            loading={paging.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </div>
      )}
      {decision && <Dialog decision={decision} onClose={close} onDone={setNotice} />}
    </>
  );
}
