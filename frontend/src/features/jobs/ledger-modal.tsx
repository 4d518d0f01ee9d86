import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { LoadingBlock } from '@/components/loading-block';
import { Modal } from '@/components/modal';
import { NoticeBanner } from '@/components/notice';
import { ScrollBox } from '@/components/scroll-box';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { Schemas } from '@/lib/api-types';
import { useLedger } from '@/features/jobs/api/use-ledger';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/features/jobs/daily-jobs.css';

type Difference = Schemas['DifferenceOut'];

/** An account's ledger entries, opened from a difference the books check found: what the bank keeps beside what its entries add up to. */
export function LedgerModal({ difference, onClose }: { difference: Difference; onClose: () => void }) {
  const ledger = useLedger({ account: difference.account, accountId: difference.account_id });
  const loadMore = useLoadNextPage(ledger);
  const pages = ledger.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.entries);
  const last = pages.at(-1);
  const title = `Ledger: ${difference.label}`;

  return (
    <Modal title={title} icon={<Icon name="history" />} onEscape={onClose} wide>
      <p className="modal__text">
        {difference.player_name && `${difference.player_name}. `}
        {difference.what}
      </p>
      {ledger.isPending ? (
        <LoadingBlock message="Loading ledger entries..." />
      ) : ledger.isError ? (
        <NoticeBanner notice={{ tone: 'error', text: `Error loading ledger entries: ${errorDetail(ledger.error)}` }} />
      ) : rows.length === 0 ? (
        <p className="muted ledger__empty">This account has no ledger entries.</p>
      ) : (
        <>
          {last && (
            <p className="ledger__balance" data-testid="ledger-balance">
              Its entries add up to <strong>{formatMoney(last.balance)}</strong>.
            </p>
          )}
          <ScrollBox label={title}>
            <table className="credit-table ledger-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Reason</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col">By</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((entry) => (
                  <tr key={entry.id} data-testid={`ledger-entry-${entry.id}`}>
                    <td>{formatDateTime(entry.created_at)}</td>
                    <td>
                      {entry.reason_label}
                      {entry.notes && <div className="muted">{entry.notes}</div>}
                    </td>
                    <td className={`num ledger__amount ledger__amount--${entry.direction}`}>
                      {entry.direction === 'in' ? '+' : '−'}
                      {formatMoney(entry.amount)}
                    </td>
                    <td>{entry.actor || 'system'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <LoadMore
            shown={rows.length}
            total={last?.count ?? rows.length}
            noun="entry"
            nounPlural="entries"
            hasMore={ledger.hasNextPage}
            loading={ledger.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
      <div className="modal__actions modal__actions--single">
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
