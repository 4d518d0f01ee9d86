import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { listDecimals } from '@/lib/percent';
import type { SavingsListingStatus } from '@/lib/savings';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useCheckSavingsPages } from '@/features/savings/api/use-check-savings';
import { useAutoProcessOverdue } from '@/features/savings/api/use-savings-actions';
import { CheckSavingsCard } from '@/features/savings/check-savings-card';
import { AutoProcessOverdueModal } from '@/features/savings/auto-process-overdue-modal';
import { SavingsCountersBox } from '@/features/savings/savings-counters-box';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const LISTING_FILTERS: ReadonlyArray<SelectOption<SavingsListingStatus | ''>> = [
  { value: '', label: 'All active savings' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'due_today', label: 'Due today' },
  { value: 'upcoming', label: 'Upcoming' },
];

export function CheckSavingsTab() {
  const [listingStatus, setListingStatus] = useState<SavingsListingStatus | ''>('');
  const [search, setSearch] = useState('');
  const filters = useDebouncedValue({ listingStatus, search: search.trim() });
  const savings = useCheckSavingsPages(filters);
  const autoProcess = useAutoProcessOverdue();
  const [notice, setNotice] = useState<Notice>(null);
  const [confirmingOverdue, setConfirmingOverdue] = useState(false);
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
  const overdueAccounts = first?.counters.overdue ?? 0;
  const runOverdue = () => {
    setNotice(null);
    autoProcess.mutate(undefined, {
      onSuccess: (answer) => setNotice({ tone: 'success', text: answer.detail }),
      onError: (error) => setNotice({ tone: 'error', text: `Error auto-processing overdue savings: ${errorDetail(error)}` }),
      onSettled: () => setConfirmingOverdue(false),
    });
  };
  return (
    <>
      {first && <SavingsCountersBox counters={first.counters} />}
      <div className="toolbar toolbar--filters">
        <SelectField label="Show" value={listingStatus} options={LISTING_FILTERS} onChange={setListingStatus} />
        <TextField label="Search player or savings" value={search} onChange={setSearch} placeholder="Name, Discord or ID" />
        <span className="toolbar__spacer" />
        <button
          type="button"
          className="btn btn--danger btn--small"
          disabled={autoProcess.isPending || overdueAccounts === 0}
          aria-describedby={overdueAccounts === 0 ? 'auto-process-none' : undefined}
          onClick={() => setConfirmingOverdue(true)}
        >
          <Icon name="clock" size={16} />
          {autoProcess.isPending ? 'Processing...' : 'Auto-Process Overdue'}
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void savings.refetch()}>
          Refresh
        </button>
      </div>
      {overdueAccounts === 0 && (
        <p className="muted toolbar-note" id="auto-process-none">
          Auto-Process Overdue is off: no savings account has an overdue week.
        </p>
      )}
      <p className="muted tab-intro">
        Mark Paid and Mark Not Paid record the next week due; Not Paid adds its interest to the balance. A week recorded by mistake
        changes with Change to Paid or Change to Not Paid, while it is the latest one.
      </p>
      <NoticeBanner notice={notice} className="tab-notice" />
      {confirmingOverdue && (
        <AutoProcessOverdueModal
          overdueAccounts={overdueAccounts}
          pending={autoProcess.isPending}
          onCancel={() => setConfirmingOverdue(false)}
          onConfirm={runOverdue}
        />
      )}
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
