import { useState } from 'react';
import { SelectField } from '@/components/select-field';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { errorDetail } from '@/lib/errors';
import { formatCount, plural } from '@/lib/plural';
import type { ExchangeStatusFilter } from '@/features/exchange/api/keys';
import { useExchangeRequestPages } from '@/features/exchange/api/use-exchange-requests';
import { PearlDecisionDialog } from '@/features/exchange/pearl-decision-dialog';
import { PearlRequestCard } from '@/features/exchange/pearl-request-card';
import { RequestQueue, WHO_DECIDES } from '@/features/requests';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const FILTERS: ReadonlyArray<{ value: ExchangeStatusFilter; label: string }> = [
  { value: '', label: 'All requests' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'denied', label: 'Denied' },
  { value: 'cancelled', label: 'Cancelled' },
];

export function PearlRequestsTab() {
  const [status, setStatus] = useState<ExchangeStatusFilter>('');
  const requests = useExchangeRequestPages(status);

  const toolbar = (count: number | null, pending: number | null) => (
    <div className="toolbar toolbar--filters">
      <SelectField label="Show" value={status} options={FILTERS} onChange={setStatus} />
      <span className="muted">
        {count !== null && plural(count, 'request')}
        {pending !== null && `, ${formatCount(pending)} pending`}
      </span>
      <span className="toolbar__spacer" />
      <button type="button" className="btn btn--secondary btn--small" onClick={() => void requests.refetch()}>
        Refresh
      </button>
    </div>
  );

  if (requests.isPending) {
    return (
      <>
        {toolbar(null, null)}
        <LoadingBlock message="Loading pearl exchange requests..." />
      </>
    );
  }
  if (requests.isError) {
    return (
      <>
        {toolbar(null, null)}
        <ErrorBlock
          message={`Error loading pearl exchange requests: ${errorDetail(requests.error)}`}
          onRetry={() => void requests.refetch()}
        />
      </>
    );
  }

  const rows = requests.data.pages.flatMap((page) => page.pearl_exchange_requests);
  const last = requests.data.pages.at(-1);
  const count = last?.count ?? 0;
  return (
    <>
      {toolbar(count, last?.pending_count ?? 0)}
      <RequestQueue
        rows={rows}
        count={count}
        paging={requests}
        empty={{ title: 'No pearl exchange requests', text: "Players' sell and buy requests show here." }}
        readOnlyNote={WHO_DECIDES}
        Card={PearlRequestCard}
        Dialog={PearlDecisionDialog}
      />
    </>
  );
}
