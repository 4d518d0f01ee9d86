import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { ScrollBox } from '@/components/scroll-box';
import { formatMoney } from '@/lib/money';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { loanRateText } from '@/lib/loans';
import { formatPercent, listDecimals } from '@/lib/percent';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { SelectField, type SelectOption } from '@/components/select-field';
import { useReport, type ReportProductType, type ReportRow, type ReportStatus } from '@/features/loans/api/use-report';
import { DividendsTile } from '@/features/dividends';
import { CountersTiles } from '@/features/loans/counters-tiles';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const TYPE_FILTERS: ReadonlyArray<SelectOption<ReportProductType>> = [
  { value: '', label: 'Savings and loans' },
  { value: 'loan', label: 'Loans' },
  { value: 'saving', label: 'Savings' },
];

const STATUS_FILTERS: ReadonlyArray<SelectOption<ReportStatus>> = [
  { value: '', label: 'Any status' },
  { value: 'Active', label: 'Active' },
  { value: 'Paid-Off', label: 'Paid-Off' },
  { value: 'Withdrawn', label: 'Withdrawn' },
];

/** Loans and savings are numbered apart: a row names its kind, "Loan #7" beside "Savings #7". */
function productName(row: Pick<ReportRow, 'type' | 'id'>): string {
  return `${row.type === 'Loan' ? 'Loan' : 'Savings'} #${row.id}`;
}

/** A loan's whole-term rate with its days and daily equivalent; a savings account's weekly rate. */
function rateText(row: ReportRow, decimals: number): string {
  if (row.type === 'Loan' && row.total_days !== null && row.daily_rate !== null) {
    return loanRateText({ interest_rate: row.interest_rate, total_days: row.total_days, daily_rate: row.daily_rate }, decimals);
  }
  return `${formatPercent(row.interest_rate, decimals)} a week`;
}

function rowTone(row: ReportRow): 'success' | 'error' | 'neutral' {
  if (row.status === 'Active') return 'success';
  return row.type === 'Loan' && row.status === 'Paid-Off' ? 'success' : 'neutral';
}

export function ReportTab() {
  const [productType, setProductType] = useState<ReportProductType>('');
  const [status, setStatus] = useState<ReportStatus>('');
  const report = useReport({ productType, status });
  const loadMore = useLoadNextPage(report);
  const pages = report.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.rows);
  const total = pages.at(-1)?.count ?? 0;
  const rateDecimals = listDecimals(rows.map((row) => row.interest_rate));
  return (
    <>
      <div className="summary-grid report-grid">
        <CountersTiles counters={pages[0]?.counters} />
        <DividendsTile />
      </div>

      <div className="toolbar toolbar--filters">
        <h3 className="section-title">
          <Icon name="chart" size={16} /> All savings and loans
        </h3>
        <span className="toolbar__spacer" />
        <SelectField label="Show" value={productType} options={TYPE_FILTERS} onChange={setProductType} />
        <SelectField label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
      </div>
      {report.isPending ? (
        <LoadingBlock message="Loading the report..." />
      ) : report.isError ? (
        <ErrorBlock message={`Error loading the report: ${errorDetail(report.error)}`} onRetry={() => void report.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          title={status ? 'Nothing in this status' : productType === 'saving' ? 'No savings yet' : productType === 'loan' ? 'No loans yet' : 'No savings or loans yet'}
        />
      ) : (
        <>
          <ScrollBox label="All savings and loans">
            <table className="credit-table report-table table--cards">
              <caption className="visually-hidden">All savings and loans</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Player</th>
                  <th scope="col" className="num">Value</th>
                  <th scope="col" className="num">Rate</th>
                  <th scope="col">Start Date</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.type}-${row.id}`} data-testid={`report-${row.type.toLowerCase()}-${row.id}`}>
                    <td>{productName(row)}</td>
                    <td data-label="Player">{row.player_name}</td>
                    <td className="num" data-label="Value">{formatMoney(row.value)}</td>
                    <td className="num" data-label="Rate">{rateText(row, rateDecimals)}</td>
                    <td data-label="Start Date">{formatDay(row.start_date)}</td>
                    <td data-label="Status">
                      <span className={`badge badge--${rowTone(row)}`}>{row.status}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <LoadMore
            shown={rows.length}
            total={total}
            noun="product"
            hasMore={report.hasNextPage}
            loading={report.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
    </>
  );
}
