import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { NoticeBanner, type Notice } from '@/components/notice';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { SelectField, type SelectOption } from '@/components/select-field';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type CheckedLoan, type ListingStatus } from '@/lib/loans';
import { listDecimals } from '@/lib/percent';
import { useCheckLoansPages } from '@/features/loans/api/use-check-loans';
import { PayOffModal } from '@/features/loans/pay-off-modal';
import { CheckLoanCard } from '@/features/loans/check-loan-card';
import { LoanCountersBox } from '@/features/loans/loan-counters-box';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const LISTING_FILTERS: ReadonlyArray<SelectOption<ListingStatus | ''>> = [
  { value: '', label: 'All active loans' },
  { value: 'paid_today', label: 'Paid today' },
  { value: 'not_paid_today', label: 'Not paid today' },
  { value: 'start_today', label: 'Starting today' },
  { value: 'period_over', label: 'Period over' },
  { value: 'upcoming', label: 'Payment due' },
];

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
