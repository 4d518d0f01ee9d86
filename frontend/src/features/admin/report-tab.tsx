import { useState } from 'react';
import { useMay } from '@/features/officers/officer-role';
import { ACTION_LEAST_ROLE } from '@/lib/officers';
import { EmptyState } from '@/components/empty-state';
import { InlineFormActions } from '@/components/inline-form-actions';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextField } from '@/components/text-field';
import { ScrollBox } from '@/components/scroll-box';
import { formatMoney } from '@/lib/money';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { loanRateText } from '@/lib/loans';
import { formatPercent, listDecimals } from '@/lib/percent';
import { formatCount } from '@/lib/plural';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { SelectField, type SelectOption } from '@/components/select-field';
import {
  useReport,
  type ReportCounters,
  type ReportProductType,
  type ReportRow,
  type ReportStatus,
} from '@/features/loans/api/use-report';
import { useSetSoloDividends } from '@/features/dividends/api/use-set-solo-dividends';
import { useSoloDividends } from '@/features/dividends/api/use-solo-dividends';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';

const DIVIDENDS_UPDATED = 'Solo dividends updated successfully';
const DIVIDENDS_NOT_A_NUMBER = 'Dividends must be a number';

/** A whole number of bread, 0 or more, as typed (`1,500` too); null otherwise. */
export function parseDividends(input: string): number | null {
  const text = input.trim().replace(/[,_\s]/g, '');
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

function DividendsTile() {
  const dividends = useSoloDividends();
  const save = useSetSoloDividends();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [confirmReset, setConfirmReset] = useState(false);
  const mayChange = useMay(ACTION_LEAST_ROLE.soloDividends);
  const [notice, setNotice] = useState<Notice>(null);

  const update = (amount: number, doing: string) =>
    save.mutate(
      { dividends: amount },
      {
        onSuccess: () => {
          setNotice({ tone: 'success', text: DIVIDENDS_UPDATED });
          setEditing(false);
          setConfirmReset(false);
        },
        onError: (error) => {
          setNotice({ tone: 'error', text: `Error ${doing} solo dividends: ${errorDetail(error)}` });
          setConfirmReset(false);
        },
      },
    );

  return (
    <div className="summary-tile summary-tile--gold" data-testid="dividends-tile">
      <div className="summary-tile__label">Solo Dividends</div>
      <div className="summary-tile__value" data-testid="dividends-value">
        {dividends.isSuccess ? formatMoney(dividends.data.dividends) : dividends.isError ? '—' : '...'}
      </div>
      <p className="muted">35% Loan Interest from paid loans</p>
      {editing ? (
        <form
          className="inline-form dividends-form"
          onSubmit={(event) => {
            event.preventDefault();
            const amount = parseDividends(value);
            if (amount === null) {
              setNotice({ tone: 'error', text: DIVIDENDS_NOT_A_NUMBER });
              return;
            }
            update(amount, 'updating');
          }}
        >
          <TextField label="New dividends amount" inputMode="numeric" value={value} onChange={setValue} autoFocus />
          <InlineFormActions saveLabel="Save" saving={save.isPending} onCancel={() => setEditing(false)} />
        </form>
      ) : (
        mayChange && (
        <div className="tile-actions">
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              setNotice(null);
              setValue(dividends.data ? String(dividends.data.dividends) : '');
              setEditing(true);
            }}
          >
            <Icon name="edit" size={16} />
            Edit
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              setNotice(null);
              setConfirmReset(true);
            }}
          >
            Reset
          </button>
        </div>
        )
      )}
      <NoticeBanner notice={notice} className="tile-notice" />
      {confirmReset && (
        <Modal
          title="Reset the solo dividends?"
          icon={<Icon name="gem" />}
          onEscape={save.isPending ? undefined : () => setConfirmReset(false)}
        >
          <p className="modal__text">The dividends go back to €0. This cannot be undone.</p>
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={() => setConfirmReset(false)} disabled={save.isPending}>
              Cancel
            </button>
            <button type="button" className="btn btn--danger" onClick={() => update(0, 'resetting')} disabled={save.isPending}>
              {save.isPending ? 'Resetting...' : 'Reset to €0'}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}

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

function CountersTiles({ counters }: { counters: ReportCounters | undefined }) {
  const shown = (value: number | undefined) => (value === undefined ? '...' : formatCount(value));
  return (
    <>
      <div className="summary-tile">
        <div className="summary-tile__label">Active Savings</div>
        <div className="summary-tile__value" data-testid="active-savings-count">
          {shown(counters?.active_savings)}
        </div>
        <p className="muted">{counters ? `${formatMoney(counters.total_savings_value)} invested` : ' '}</p>
      </div>
      <div className="summary-tile">
        <div className="summary-tile__label">Active Loans</div>
        <div className="summary-tile__value" data-testid="active-loans-count">
          {shown(counters?.active_loans)}
        </div>
        <p className="muted">{counters ? `${formatMoney(counters.total_loan_value)} lent` : ' '}</p>
      </div>
      <div className="summary-tile">
        <div className="summary-tile__label">Bad Payers</div>
        <div className="summary-tile__value" data-testid="bad-payers-count">
          {shown(counters?.bad_payers)}
        </div>
        <p className="muted">players who cannot get new products</p>
      </div>
    </>
  );
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
            <table className="credit-table report-table">
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
                    <td>{row.player_name}</td>
                    <td className="num">{formatMoney(row.value)}</td>
                    <td className="num">{rateText(row, rateDecimals)}</td>
                    <td>{formatDay(row.start_date)}</td>
                    <td>
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
