import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { ErrorBlock } from '@/components/error-block';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { LoadingBlock } from '@/components/loading-block';
import { ScrollBox } from '@/components/scroll-box';
import { SelectField, type SelectOption } from '@/components/select-field';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { formatCount, plural } from '@/lib/plural';
import { OpenedLoan } from '@/features/bank-health/opened-loan';
import type { ArrearsBucket, ArrearsFilters } from '@/features/bank-health/api/keys';
import { useArrearsBook, useArrearsPages, type ArrearsBook, type ArrearsRow } from '@/features/bank-health/api/use-arrears';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/features/bank-health/bank-health.css';

// the API's `ordering` values (operations/apis.py ArrearsApi), each way round
const ORDERINGS: ReadonlyArray<SelectOption<string>> = [
  { value: '-days', label: 'Most days behind first' },
  { value: 'days', label: 'Fewest days behind first' },
  { value: '-amount', label: 'Largest amount in arrears first' },
  { value: 'amount', label: 'Smallest amount in arrears first' },
  { value: '-outstanding', label: 'Most outstanding first' },
  { value: 'outstanding', label: 'Least outstanding first' },
  { value: 'player', label: 'Player A to Z' },
  { value: '-player', label: 'Player Z to A' },
  { value: 'start_date', label: 'Oldest start first' },
  { value: '-start_date', label: 'Newest start first' },
  { value: 'loan', label: 'Loan number, lowest first' },
  { value: '-loan', label: 'Loan number, highest first' },
];

const EVERY_BUCKET: SelectOption<ArrearsBucket | ''> = { value: '', label: 'Every bucket' };

/** The buckets as the server names them (their days are Bank Settings): none but "Every bucket" until they are read. */
function bucketOptions(book: ArrearsBook | undefined): ReadonlyArray<SelectOption<ArrearsBucket | ''>> {
  return [EVERY_BUCKET, ...(book?.buckets ?? []).map((bucket) => ({ value: bucket.bucket, label: bucket.title }))];
}

/** Arrears: the loans in arrears today, sorted, filtered and paged by the server; each row opens its loan. */
export function ArrearsTab() {
  const [filters, setFilters] = useState<ArrearsFilters>({ ordering: '-days', bucket: '' });
  const arrears = useArrearsPages(filters);
  const book = useArrearsBook();
  const loadMore = useLoadNextPage(arrears);
  const [opened, setOpened] = useState<ArrearsRow | null>(null);

  const toolbar = (
    <div className="toolbar toolbar--filters">
      <SelectField label="Sort by" value={filters.ordering} options={ORDERINGS} onChange={(ordering) => setFilters((current) => ({ ...current, ordering }))} />
      <SelectField label="Bucket" value={filters.bucket} options={bucketOptions(book.data)} onChange={(bucket) => setFilters((current) => ({ ...current, bucket }))} />
      <span className="toolbar__spacer" />
      <button type="button" className="btn btn--secondary btn--small" onClick={() => void arrears.refetch()}>
        Refresh
      </button>
    </div>
  );

  if (arrears.isPending) {
    return (
      <>
        {toolbar}
        <LoadingBlock message="Loading the loans in arrears..." />
      </>
    );
  }
  if (arrears.isError) {
    return (
      <>
        {toolbar}
        <ErrorBlock message={`Error loading the arrears: ${errorDetail(arrears.error)}`} onRetry={() => void arrears.refetch()} />
      </>
    );
  }
  const pages = arrears.data.pages;
  const rows = pages.flatMap((page) => page.rows);
  const total = pages.at(-1)?.count ?? 0;
  const today = pages[0]?.today;
  return (
    <div className="stack">
      {toolbar}
      {rows.length === 0 ? (
        <EmptyState
          icon="checkCircle"
          title={filters.bucket ? 'No loans in this bucket' : 'No loans in arrears'}
          text={filters.bucket ? 'Choose another bucket to see other loans.' : 'Every open loan has paid what was due by yesterday.'}
        />
      ) : (
        <>
          <p className="muted">
            {plural(total, 'loan')} in arrears{today ? ` on ${formatDay(today)}` : ''}: what was due by yesterday less what was paid.
          </p>
          <ScrollBox label="Loans in arrears">
            <table className="credit-table table--cards">
              <thead>
                <tr>
                  <th scope="col">Loan</th>
                  <th scope="col">Player</th>
                  <th scope="col" className="num">Days behind</th>
                  <th scope="col" className="num">In arrears</th>
                  <th scope="col" className="num">Outstanding</th>
                  <th scope="col">Started</th>
                  <th scope="col">
                    <span className="visually-hidden">Open</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.loan_id} data-testid={`arrears-row-${row.loan_id}`}>
                    <td>Loan #{row.loan_id}</td>
                    <td data-label="Player">
                      {row.player_name} <span className="muted">{row.player_discord}</span>
                    </td>
                    <td className="num" data-label="Days behind">
                      {formatCount(row.arrears_days)}
                    </td>
                    <td className="num" data-label="In arrears">
                      {formatMoney(row.arrears)}
                    </td>
                    <td className="num" data-label="Outstanding">
                      {formatMoney(row.outstanding)}
                    </td>
                    <td data-label="Started">{formatDay(row.start_date)}</td>
                    <td>
                      <div className="row-actions arrears-row__actions">
                        <button
                          type="button"
                          className="btn btn--secondary btn--small"
                          aria-label={`Open loan #${row.loan_id} of ${row.player_name}`}
                          aria-expanded={opened?.loan_id === row.loan_id}
                          onClick={() => setOpened((current) => (current?.loan_id === row.loan_id ? null : row))}
                        >
                          Open
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <LoadMore
            shown={rows.length}
            total={total}
            noun="loan in arrears"
            nounPlural="loans in arrears"
            hasMore={arrears.hasNextPage}
            loading={arrears.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
      {opened && <OpenedLoan key={opened.loan_id} row={opened} onClose={() => setOpened(null)} />}
    </div>
  );
}
