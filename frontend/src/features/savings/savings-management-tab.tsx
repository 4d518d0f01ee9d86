import { useState } from 'react';
import { Card } from '@/components/card';
import { ErrorBlock } from '@/components/error-block';
import { Icon } from '@/components/icon';
import { LoadingBlock } from '@/components/loading-block';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { TextField } from '@/components/text-field';
import { detailOr } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MarkOldClientsModal } from '@/features/savings/mark-old-clients-modal';
import { ReadOnlyNote } from '@/components/read-only-note';
import { CLIENT_TYPE_LABEL, SavingsClientTable } from '@/features/savings/savings-client-table';
import { useMay } from '@/features/officers';
import { useClientOverviewPages, type ClientStatus } from '@/features/savings/api/use-client-overview';
import '@/components/bank-ui.css';

// docs/rules.md, Savings screens
const OVERVIEW_FAILED = 'Failed to fetch savings overview';

const STATUS_FILTERS: ReadonlyArray<SelectOption<ClientStatus | ''>> = [
  { value: '', label: 'Every status' },
  { value: 'bad_payer', label: 'Bad Payer' },
  { value: 'over_limit', label: 'Over Limit' },
  { value: 'within_limit', label: 'Within Limit' },
];

export function SavingsManagementTab() {
  const [status, setStatus] = useState<ClientStatus | ''>('');
  const [search, setSearch] = useState('');
  const filters = useDebouncedValue({ status, search: search.trim() });
  const newClients = useClientOverviewPages({ clientType: 'new', ...filters });
  const oldClients = useClientOverviewPages({ clientType: 'old', ...filters });
  // every officer reads the clients; a treasurer alone changes a client type (bank/roles.py)
  const mayChangeType = useMay('client_type');
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => void Promise.all([newClients.refetch(), oldClients.refetch()]);

  const failed = newClients.error ?? oldClients.error;
  // the summary and the limits are the whole bank's, on every page of either table
  const first = newClients.data?.pages[0] ?? oldClients.data?.pages[0];
  let body;
  if (failed) {
    body = <ErrorBlock message={detailOr(failed, OVERVIEW_FAILED)} onRetry={refresh} />;
  } else if (!first || newClients.isPending || oldClients.isPending) {
    body = <LoadingBlock message="Loading savings overview..." />;
  } else {
    const { summary, limits } = first;
    const filtered = Boolean(filters.status || filters.search);
    body = (
      <>
        <dl className="stat-grid stat-grid--counters" aria-label="Clients summary">
          <StatBox label="New Clients" value={summary.new_clients_count} sub={`${formatMoney(summary.new_clients_total_value)} saved`} />
          <StatBox label="Old Clients" value={summary.old_clients_count} sub={`${formatMoney(summary.old_clients_total_value)} saved`} />
        </dl>
        <div className="card-grid card-grid--pair">
          {limits.map((limit) => (
            <Card key={limit.client_type} title={`${CLIENT_TYPE_LABEL[limit.client_type]} limits`} icon={<Icon name="coins" />} tone="accent">
              <dl className="stat-grid stat-grid--compact">
                <StatBox label="Maximum Total" value={formatMoney(limit.max_total)} tone="gold" />
                <StatBox label="Maximum Accounts" value={limit.max_accounts} />
              </dl>
            </Card>
          ))}
        </div>
        <SavingsClientTable type="new" clients={newClients} filtered={filtered} onNotice={setNotice} />
        <SavingsClientTable type="old" clients={oldClients} filtered={filtered} onNotice={setNotice} />
      </>
    );
  }
  return (
    <div className="stack">
      <div className="toolbar toolbar--filters">
        <SelectField label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
        <TextField label="Search clients" value={search} onChange={setSearch} placeholder="Name, Discord or ID" />
        <span className="toolbar__spacer" />
        {mayChangeType && (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => setConfirming(true)}>
            Mark Existing as Old Clients
          </button>
        )}
        <button type="button" className="btn btn--secondary btn--small" onClick={refresh}>
          Refresh
        </button>
      </div>
      {!mayChangeType && <ReadOnlyNote>Only a treasurer can change a player&apos;s client type.</ReadOnlyNote>}
      <NoticeBanner notice={notice} className="tab-notice" />
      {body}
      {confirming && <MarkOldClientsModal onClose={() => setConfirming(false)} onDone={setNotice} />}
    </div>
  );
}
