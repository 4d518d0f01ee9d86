import { useCallback, useState, type ComponentType } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadMore, useLoadNextPage, type NextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ReadOnlyNote } from '@/components/read-only-note';
import { useMay } from '@/features/officers';
import type { Decision, DecisionDialogProps, RequestCardProps } from '@/features/requests/request-types';
import '@/components/bank-ui.css';

/** A request tab's note for an officer who may not decide (`may.decide` false: a teller). */
export const WHO_DECIDES = 'Loan officers and treasurers decide these requests; you can read them.';

interface RequestQueueProps<T extends { id: number }> {
  /** every request loaded so far, how many there are in all, and the query that loads the next page */
  rows: T[];
  count: number;
  paging: NextPage;
  empty: { title: string; text: string };
  /** what the list holds, for Load more ("request" unless said) */
  noun?: string;
  /** what a role that may not decide reads above the cards (who decides them) */
  readOnlyNote?: string;
  /** a request's card (request-card.tsx); `onDecide` opens the decision dialog on it */
  Card: ComponentType<RequestCardProps<T>>;
  /** the decision dialog (request-decision-dialog.tsx): `onClose` closes it, `onDone` tells the tab's banner how it went */
  Dialog: ComponentType<DecisionDialogProps<T>>;
}

/**
 * The body of a request tab (pending loans, withdrawals, pearl exchanges): the outcome of the last
 * decision, the cards a page at a time, and the decision dialog of the card whose button was pressed.
 */
export function RequestQueue<T extends { id: number }>({ rows, count, paging, empty, noun = 'request', readOnlyNote, Card, Dialog }: RequestQueueProps<T>) {
  const [decision, setDecision] = useState<Decision<T> | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const decide = useCallback((next: Decision<T>) => {
    setNotice(null);
    setDecision(next);
  }, []);
  const close = useCallback(() => setDecision(null), []);
  const loadMore = useLoadNextPage(paging);
  // a teller reads the requests; the cards show them no Approve or Deny, and this says why
  const mayDecide = useMay('decide');

  return (
    <>
      {!mayDecide && readOnlyNote && <ReadOnlyNote className="tab-notice">{readOnlyNote}</ReadOnlyNote>}
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
            noun={noun}
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
