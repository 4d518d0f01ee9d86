import { useState } from 'react';
import { StatBox } from '@/components/stat-box';
import { InlineFormActions } from '@/components/inline-form-actions';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ProgressBar } from '@/components/progress-bar';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { SelectField, type SelectOption } from '@/components/select-field';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextField } from '@/components/text-field';
import { formatDay, isIsoDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { loanRateText, parseDays, type CheckedLoan, type ListingStatus } from '@/lib/loans';
import { listDecimals } from '@/lib/percent';
import { useChangeLoanDate } from '@/features/loans/api/use-change-loan-date';
import { useChangeLoanDays } from '@/features/loans/api/use-change-loan-days';
import { useCheckLoansPages, type LoanCounters } from '@/features/loans/api/use-check-loans';
import { useLoanDetail } from '@/features/loans/api/use-loan-detail';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { LoanMarkButtons, PayOffModal } from '@/features/admin/loan-payment-actions';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';

export const BAD_DATE_FORMAT = 'Invalid date format. Please use YYYY-MM-DD';
export const DAYS_NOT_A_NUMBER = 'Loan days must be a number';

const LISTING_TONE: Record<ListingStatus, string> = {
  paid_today: 'success',
  not_paid_today: 'error',
  start_today: 'neutral',
  period_over: 'error',
  upcoming: 'warning',
};

type Panel = 'date' | 'days' | 'history' | 'auto' | null;

function ChangeDateForm({ loan, onNotice, onClose }: { loan: CheckedLoan; onNotice: (n: Notice) => void; onClose: () => void }) {
  const [value, setValue] = useState(loan.start_date);
  const change = useChangeLoanDate();
  // the window comes from the server, which checks it again (admin-side §9)
  const limits = useLoanLimits().data;
  return (
    <form
      className="inline-panel"
      aria-label={`Change the start date of loan #${loan.id}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const newDate = value.trim();
        if (!isIsoDay(newDate)) {
          onNotice({ tone: 'error', text: BAD_DATE_FORMAT });
          return;
        }
        change.mutate(
          { loanId: loan.id, newDate },
          {
            onSuccess: (updated) => {
              onNotice({ tone: 'success', text: `Start date changed to ${formatDay(updated.start_date)}` });
              onClose();
            },
            onError: (error) => onNotice({ tone: 'error', text: `Error changing date: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">Change start date</p>
      <div className="inline-form">
        <TextField
          label="New start date (YYYY-MM-DD)"
          type="date"
          value={value}
          onChange={setValue}
          min={limits?.start_date_min}
          max={limits?.start_date_max}
          hint={limits && `From ${formatDay(limits.start_date_min)} to ${formatDay(limits.start_date_max)}`}
        />
        <InlineFormActions saveLabel="Save Date" saving={change.isPending} onCancel={onClose} />
      </div>
    </form>
  );
}

function ChangeDaysForm({ loan, onNotice, onClose }: { loan: CheckedLoan; onNotice: (n: Notice) => void; onClose: () => void }) {
  const [value, setValue] = useState(String(loan.total_days));
  const change = useChangeLoanDays();
  const limits = useLoanLimits().data;
  return (
    <form
      className="inline-panel"
      aria-label={`Change the days of loan #${loan.id}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const newDays = parseDays(value);
        if (newDays === null) {
          onNotice({ tone: 'error', text: DAYS_NOT_A_NUMBER });
          return;
        }
        change.mutate(
          { loanId: loan.id, newDays },
          {
            onSuccess: (updated) => {
              onNotice({
                tone: 'success',
                text: `Loan days changed to ${updated.total_days}: ${formatMoney(updated.daily_payment)} a day`,
              });
              onClose();
            },
            onError: (error) => onNotice({ tone: 'error', text: `Error changing loan days: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">Change loan days</p>
      <div className="inline-form">
        <TextField
          label="Loan days"
          type="number"
          inputMode="numeric"
          min={limits?.min_days}
          max={limits?.max_days}
          step={1}
          value={value}
          onChange={setValue}
        />
        <InlineFormActions saveLabel="Save Days" saving={change.isPending} onCancel={onClose} />
      </div>
    </form>
  );
}

function PaymentHistory({ loan }: { loan: CheckedLoan }) {
  const detail = useLoanDetail(loan.id);
  const entries = detail.data?.payments_history ?? [];
  return (
    <section className="inline-panel" aria-label={`Payment history of loan #${loan.id}`}>
      <p className="inline-panel__title">
        Payment history · {loan.payments_made} paid, {loan.missed_payments} not paid
      </p>
      {detail.isPending ? (
        <p className="muted">Loading payment history...</p>
      ) : detail.isError ? (
        <ErrorBlock
          message={`Error loading payment history: ${errorDetail(detail.error)}`}
          onRetry={() => void detail.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="muted">No payments recorded yet.</p>
      ) : (
        <ul className="history-list" aria-label="Payment history" tabIndex={0}>
          {[...entries].reverse().map((entry) => (
            <li key={entry.date} className="history-list__item">
              <span>{formatDay(entry.date)}</span>
              <span className={`badge badge--${entry.status === 'Paid' ? 'success' : 'error'}`}>{entry.status}</span>
              <strong>{formatMoney(entry.value)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CheckLoanCard({
  loan,
  rateDecimals,
  onPayOff,
}: {
  loan: CheckedLoan;
  /** the decimals every whole-term rate of the list is written with */
  rateDecimals: number;
  onPayOff: (loan: CheckedLoan) => void;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const toggle = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };

  return (
    <article className="card item-card" aria-labelledby={`check-${loan.id}-title`} data-testid={`check-loan-${loan.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="creditCard" />
          </span>
          <div>
            <h3 className="item-card__title" id={`check-${loan.id}-title`}>
              {loan.player_name} · Loan #{loan.id}
            </h3>
            <p className="item-card__meta">
              {formatMoney(loan.value)} lent · {formatMoney(loan.amount_paid)} paid · {formatMoney(loan.remaining)} remaining
            </p>
          </div>
        </div>
        <span className={`badge badge--${LISTING_TONE[loan.listing_status] ?? 'neutral'}`} data-testid="listing-status">
          {loan.status_text}
        </span>
      </header>
      <ProgressBar label={`Loan #${loan.id} paid`} percent={loan.paid_percent} />
      <dl className="stat-grid stat-grid--three">
        <StatBox label="Total to Pay" value={formatMoney(loan.total_to_pay)} />
        <StatBox label="Daily Payment" value={formatMoney(loan.daily_payment)} />
        <StatBox label="Interest Rate" value={loanRateText(loan, rateDecimals)} testId="loan-rate" />
        <StatBox label="Loan Days" value={loan.total_days} />
        <StatBox label="Current Day" value={loan.current_day} />
        <StatBox label="Start Date" value={formatDay(loan.start_date)} />
      </dl>
      <div className="actions-row" role="group" aria-label={`Actions for loan #${loan.id}`}>
        <LoanMarkButtons loan={loan} onNotice={setNotice} />
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'date'} onClick={() => toggle('date')}>
          <Icon name="calendar" size={16} />
          Change Date
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'days'} onClick={() => toggle('days')}>
          <Icon name="edit" size={16} />
          Change Days
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'history'} onClick={() => toggle('history')}>
          <Icon name="history" size={16} />
          History
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'auto'} onClick={() => toggle('auto')}>
          <Icon name="info" size={16} />
          Auto Payments
        </button>
        <button type="button" className="btn btn--danger btn--small actions-row__end" onClick={() => onPayOff(loan)}>
          <Icon name="checkCircle" size={16} />
          Mark Paid Off
        </button>
      </div>
      <NoticeBanner notice={notice} />
      {panel === 'date' && <ChangeDateForm loan={loan} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'days' && <ChangeDaysForm loan={loan} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'history' && <PaymentHistory loan={loan} />}
      {panel === 'auto' && (
        <p className="note">
          <Icon name="info" size={18} />
          <span>
            Automatic payments are informational only: nothing is marked for you. Mark each day Paid or Not Paid here; a day
            marked again replaces its earlier entry.
          </span>
        </p>
      )}
    </article>
  );
}

const LISTING_FILTERS: ReadonlyArray<SelectOption<ListingStatus | ''>> = [
  { value: '', label: 'All active loans' },
  { value: 'paid_today', label: 'Paid today' },
  { value: 'not_paid_today', label: 'Not paid today' },
  { value: 'start_today', label: 'Starting today' },
  { value: 'period_over', label: 'Period over' },
  { value: 'upcoming', label: 'Payment due' },
];

function LoanCountersBox({ counters }: { counters: LoanCounters }) {
  return (
    <dl className="stat-grid stat-grid--counters" aria-label="Active loans today">
      <StatBox label="Paid Today" value={counters.paid_today} tone="success" />
      <StatBox label="Not Paid Today" value={counters.not_paid_today} />
      <StatBox label="Payment Due" value={counters.upcoming} sub={`${counters.start_today} starting today`} />
      <StatBox label="Period Over" value={counters.period_over} />
      <StatBox label="Total Lent (Active)" value={formatMoney(counters.total_value)} tone="gold" />
    </dl>
  );
}

export function CheckLoansTab() {
  const [listingStatus, setListingStatus] = useState<ListingStatus | ''>('');
  const [search, setSearch] = useState('');
  const filters = useDebouncedValue({ listingStatus, search: search.trim() });
  const loans = useCheckLoansPages(filters);
  const [payingOff, setPayingOff] = useState<CheckedLoan | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const loadMore = useLoadNextPage(loans);

  if (loans.isPending) return <LoadingBlock message="Loading active loans..." />;
  if (loans.isError) {
    return <ErrorBlock message={`Error loading loans: ${errorDetail(loans.error)}`} onRetry={() => void loans.refetch()} />;
  }
  const pages = loans.data.pages;
  const first = pages[0];
  const rows = pages.flatMap((page) => page.loans);
  const total = pages.at(-1)?.count ?? 0;
  const rateDecimals = listDecimals(rows.map((loan) => loan.interest_rate));
  return (
    <>
      {first && <LoanCountersBox counters={first.counters} />}
      <div className="toolbar toolbar--filters">
        <SelectField label="Show" value={listingStatus} options={LISTING_FILTERS} onChange={setListingStatus} />
        <TextField label="Search player or loan" value={search} onChange={setSearch} placeholder="Name, Discord or ID" />
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void loans.refetch()}>
          Refresh
        </button>
      </div>
      <p className="muted">Mark Paid and Mark Not Paid record today's payment.</p>
      <NoticeBanner notice={notice} className="tab-notice" />
      {rows.length === 0 ? (
        <EmptyState
          icon="creditCard"
          title={listingStatus || filters.search ? 'No loans match' : 'No active loans'}
          text={
            listingStatus || filters.search
              ? 'Change the filter or the search to see other loans.'
              : 'Approved requests and loans added as products show here.'
          }
        />
      ) : (
        <div className="stack">
          {rows.map((loan) => (
            <CheckLoanCard
              key={loan.id}
              loan={loan}
              rateDecimals={rateDecimals}
              onPayOff={(chosen) => {
                setNotice(null);
                setPayingOff(chosen);
              }}
            />
          ))}
          <LoadMore
            shown={rows.length}
            total={total}
            noun="active loan"
            hasMore={loans.hasNextPage}
            loading={loans.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </div>
      )}
      {payingOff && <PayOffModal loan={payingOff} onClose={() => setPayingOff(null)} onDone={setNotice} />}
    </>
  );
}
