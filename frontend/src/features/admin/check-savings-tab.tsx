import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { InlineFormActions } from '@/components/inline-form-actions';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextField } from '@/components/text-field';
import { formatDay, isIsoDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatPercent, listDecimals } from '@/lib/percent';
import { formatMoney } from '@/lib/money';
import type { SavingsListingStatus, SavingsRow } from '@/lib/savings';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { useCheckSavingsPages, type SavingsCounters } from '@/features/savings/api/use-check-savings';
import { useSavingsDetail } from '@/features/savings/api/use-savings-detail';
import { useAutoProcessOverdue, useChangeSavingsDate } from '@/features/savings/api/use-savings-actions';
import { ChangeLatestWeekButton, LatestWeek, SavingsMarkButtons } from '@/features/admin/savings-payment-actions';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';

export const BAD_DATE_FORMAT = 'Invalid date format. Please use YYYY-MM-DD';

const LISTING_TONE: Record<SavingsListingStatus, string> = { overdue: 'error', due_today: 'warning', upcoming: 'neutral' };

const LISTING_FILTERS: ReadonlyArray<SelectOption<SavingsListingStatus | ''>> = [
  { value: '', label: 'All active savings' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_today', label: 'Due today' },
  { value: 'upcoming', label: 'Upcoming' },
];

type Panel = 'date' | 'history' | null;

function ChangeDateForm({ savings, onNotice, onClose }: { savings: SavingsRow; onNotice: (n: Notice) => void; onClose: () => void }) {
  const [value, setValue] = useState(savings.start_date);
  const change = useChangeSavingsDate();
  // the window comes from the server, which checks it again (docs/rules.md, Savings)
  const limits = useLoanLimits().data;
  return (
    <form
      className="inline-panel"
      aria-label={`Change the start date of savings #${savings.id}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const newDate = value.trim();
        if (!isIsoDay(newDate)) {
          onNotice({ tone: 'error', text: BAD_DATE_FORMAT });
          return;
        }
        change.mutate(
          { savingsId: savings.id, newDate },
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

function WeekHistory({ savings, onNotice }: { savings: SavingsRow; onNotice: (n: Notice) => void }) {
  const detail = useSavingsDetail(savings.id);
  const weeks = detail.data?.payments_history ?? [];
  return (
    <section className="inline-panel" aria-label={`Payment history of savings #${savings.id}`}>
      <p className="inline-panel__title">
        Payment history
        {detail.data && ` · ${detail.data.paid_weeks} paid, ${detail.data.not_paid_weeks} not paid`}
      </p>
      {detail.data?.latest_week && detail.data.status === 'Active' && (
        <p className="muted">Only the latest recorded week can change: every later week&apos;s interest depends on it.</p>
      )}
      {detail.isPending ? (
        <p className="muted">Loading payment history...</p>
      ) : detail.isError ? (
        <ErrorBlock message={`Error loading payment history: ${errorDetail(detail.error)}`} onRetry={() => void detail.refetch()} />
      ) : weeks.length === 0 ? (
        <p className="muted">No weeks recorded yet.</p>
      ) : (
        <ul className="history-list">
          {[...weeks].reverse().map((week) => {
            const notes = [
              week.interest_compounded > 0 && `+${formatMoney(week.interest_compounded)} compounded`,
              week.auto_processed && 'auto-processed',
              week.reverted_from && `changed from ${week.reverted_from}`,
            ].filter(Boolean);
            const latest = detail.data?.status === 'Active' && detail.data.latest_week?.week === week.week;
            return (
              <li key={week.week} className="history-list__item">
                <span>
                  Week {week.week} · {formatDay(week.date)}
                </span>
                <span className={`badge badge--${week.status === 'Paid' ? 'success' : 'error'}`}>{week.status}</span>
                <strong>{formatMoney(week.interest)}</strong>
                {(notes.length > 0 || latest) && (
                  <div className="history-list__more">
                    <span className="muted">{notes.join(' · ')}</span>
                    {latest && detail.data && <ChangeLatestWeekButton savings={detail.data} week={week} onNotice={onNotice} />}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function CheckSavingsCard({ savings, rateDecimals }: { savings: SavingsRow; rateDecimals: number }) {
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const toggle = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };
  return (
    <article className="card item-card" aria-labelledby={`check-savings-${savings.id}-title`} data-testid={`check-savings-${savings.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="coins" />
          </span>
          <div>
            <h3 className="item-card__title" id={`check-savings-${savings.id}-title`}>
              {savings.player_name} · Savings #{savings.id}
            </h3>
            <p className="item-card__meta">
              Balance {formatMoney(savings.invested_value)} · opened {formatDay(savings.start_date)} · week {savings.next_week} next
            </p>
          </div>
        </div>
        <span className={`badge badge--${savings.listing_status ? LISTING_TONE[savings.listing_status] : 'neutral'}`} data-testid="listing-status">
          {savings.status_text}
        </span>
      </header>
      <dl className="stat-grid">
        <StatBox label="Principal" value={formatMoney(savings.principal)} />
        <StatBox label="Weekly Rate" value={formatPercent(savings.weekly_rate, rateDecimals)} />
        <StatBox label="Weekly Payment Due" value={formatMoney(savings.weekly_payment)} tone="gold" />
        <StatBox label="Next Payment Date" value={savings.next_payment_date ? formatDay(savings.next_payment_date) : '—'} />
      </dl>
      <div className="actions-row" role="group" aria-label={`Actions for savings #${savings.id}`}>
        <SavingsMarkButtons savings={savings} onNotice={setNotice} />
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'date'} onClick={() => toggle('date')}>
          <Icon name="calendar" size={16} />
          Change Date
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'history'} onClick={() => toggle('history')}>
          <Icon name="history" size={16} />
          History
        </button>
      </div>
      <LatestWeek savings={savings} onNotice={setNotice} />
      <NoticeBanner notice={notice} />
      {panel === 'date' && <ChangeDateForm savings={savings} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'history' && <WeekHistory savings={savings} onNotice={setNotice} />}
    </article>
  );
}

function SavingsCountersBox({ counters }: { counters: SavingsCounters }) {
  return (
    <dl className="stat-grid stat-grid--counters" aria-label="Active savings this week">
      <StatBox label="Overdue" value={counters.overdue} testId="counter-overdue" />
      <StatBox label="Due Today" value={counters.due_today} testId="counter-due-today" />
      <StatBox label="Upcoming" value={counters.upcoming} testId="counter-upcoming" />
      <StatBox label="Total Saved (Active)" value={formatMoney(counters.total_value)} tone="gold" />
    </dl>
  );
}

export function CheckSavingsTab() {
  const [listingStatus, setListingStatus] = useState<SavingsListingStatus | ''>('');
  const [search, setSearch] = useState('');
  const filters = useDebouncedValue({ listingStatus, search: search.trim() });
  const savings = useCheckSavingsPages(filters);
  const autoProcess = useAutoProcessOverdue();
  const [notice, setNotice] = useState<Notice>(null);
  const loadMore = useLoadNextPage(savings);

  if (savings.isPending) return <LoadingBlock message="Loading active savings..." />;
  if (savings.isError) {
    return <ErrorBlock message={`Error loading savings: ${errorDetail(savings.error)}`} onRetry={() => void savings.refetch()} />;
  }
  const pages = savings.data.pages;
  const first = pages[0];
  const rows = pages.flatMap((page) => page.savings);
  const total = pages.at(-1)?.count ?? 0;
  const rateDecimals = listDecimals(rows.map((row) => row.weekly_rate));
  const runOverdue = () => {
    setNotice(null);
    autoProcess.mutate(undefined, {
      onSuccess: (answer) => setNotice({ tone: 'success', text: answer.detail }),
      onError: (error) => setNotice({ tone: 'error', text: `Error auto-processing overdue savings: ${errorDetail(error)}` }),
    });
  };
  return (
    <>
      {first && <SavingsCountersBox counters={first.counters} />}
      <div className="toolbar toolbar--filters">
        <SelectField label="Show" value={listingStatus} options={LISTING_FILTERS} onChange={setListingStatus} />
        <TextField label="Search player or savings" value={search} onChange={setSearch} placeholder="Name, Discord or ID" />
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--danger btn--small" disabled={autoProcess.isPending} onClick={runOverdue}>
          <Icon name="clock" size={16} />
          {autoProcess.isPending ? 'Processing...' : 'Auto-Process Overdue'}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void savings.refetch()}>
          Refresh
        </button>
      </div>
      <p className="muted">
        Mark Paid and Mark Not Paid record the next week due; Not Paid adds its interest to the balance. A week recorded by mistake
        changes with Change to Paid or Change to Not Paid, while it is the latest one.
      </p>
      <NoticeBanner notice={notice} className="tab-notice" />
      {rows.length === 0 ? (
        <EmptyState
          icon="coins"
          title={listingStatus || filters.search ? 'No savings match' : 'No active savings'}
          text={listingStatus || filters.search ? 'Change the filter or the search to see other savings.' : 'Savings added as products show here.'}
        />
      ) : (
        <div className="stack">
          {rows.map((row) => (
            <CheckSavingsCard key={row.id} savings={row} rateDecimals={rateDecimals} />
          ))}
          <LoadMore
            shown={rows.length}
            total={total}
            noun="active savings account"
            hasMore={savings.hasNextPage}
            loading={savings.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </div>
      )}
    </>
  );
}
