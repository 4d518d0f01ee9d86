import { useState } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { Modal } from '@/components/modal';
import { ScrollBox } from '@/components/scroll-box';
import { NoticeBanner, type Notice } from '@/components/notice';
import { SelectField, type SelectOption } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextField } from '@/components/text-field';
import { detailOr, errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { formatCount } from '@/lib/plural';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useClientOverviewPages,
  useMarkExistingAsOld,
  useSetClientType,
  type ClientStatus,
  type ClientType,
} from '@/features/savings/api/use-client-overview';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';

// docs/rules.md, Savings screens
const OVERVIEW_FAILED = 'Failed to fetch savings overview';

const STATUS_TONE: Record<string, string> = { 'Bad Payer': 'error', 'Over Limit': 'warning', 'Within Limit': 'success' };
const TYPE_LABEL: Record<ClientType, string> = { new: 'New Clients', old: 'Old Clients' };
const STATUS_FILTERS: ReadonlyArray<SelectOption<ClientStatus | ''>> = [
  { value: '', label: 'Every status' },
  { value: 'bad_payer', label: 'Bad Payer' },
  { value: 'over_limit', label: 'Over Limit' },
  { value: 'within_limit', label: 'Within Limit' },
];

type ClientPages = ReturnType<typeof useClientOverviewPages>;

interface ClientTableProps {
  type: ClientType;
  /** one client type's pages, as the server filtered them */
  clients: ClientPages;
  filtered: boolean;
  onNotice: (notice: Notice) => void;
}

function ClientTable({ type, clients, filtered, onNotice }: ClientTableProps) {
  const switchType = useSetClientType();
  const loadMore = useLoadNextPage(clients);
  const other: ClientType = type === 'new' ? 'old' : 'new';
  const pages = clients.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.clients);
  const total = pages.at(-1)?.count ?? rows.length;
  return (
    <section aria-labelledby={`clients-${type}`}>
      <h3 className="section-title" id={`clients-${type}`}>
        <Icon name="user" size={16} /> {TYPE_LABEL[type]} <span className="badge badge--neutral">{formatCount(total)}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">{filtered ? `No ${type} clients match.` : `No ${type} clients.`}</p>
      ) : (
        <>
          <ScrollBox label={TYPE_LABEL[type]}>
            <table className="credit-table">
              <caption className="visually-hidden">{TYPE_LABEL[type]}</caption>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col" className="num">Savings</th>
                  <th scope="col" className="num">Total Value</th>
                  <th scope="col" className="num">% of Limit</th>
                  <th scope="col">Status</th>
                  <th scope="col">Client Type</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.player_id} data-testid={`client-${row.player_id}`}>
                    <td>
                      <strong>{row.name}</strong>
                      <div className="muted">{row.discord}</div>
                    </td>
                    <td className="num">
                      {row.savings_count} / {row.max_accounts}
                    </td>
                    <td className="num">{formatMoney(row.total_savings_value)}</td>
                    <td className="num">{row.percent_of_limit}%</td>
                    <td>
                      <span className={`badge badge--${STATUS_TONE[row.status] ?? 'neutral'}`}>{row.status}</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn--secondary btn--small"
                        disabled={switchType.isPending}
                        aria-label={`Make ${other === 'old' ? 'Old' : 'New'}: ${row.name} becomes ${other === 'old' ? 'an old' : 'a new'} client`}
                        onClick={() =>
                          switchType.mutate(
                            { playerId: row.player_id, clientType: other },
                            {
                              onSuccess: (answer) => onNotice({ tone: 'success', text: answer.detail }),
                              onError: (error) => onNotice({ tone: 'error', text: `Error updating client type: ${errorDetail(error)}` }),
                            },
                          )
                        }
                      >
                        Make {other === 'old' ? 'Old' : 'New'}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <LoadMore
            shown={rows.length}
            total={total}
            noun={`${type} client`}
            hasMore={clients.hasNextPage}
            loading={clients.isFetchingNextPage}
            onLoadMore={loadMore}
          />
        </>
      )}
    </section>
  );
}

function MarkExistingModal({ onClose, onDone }: { onClose: () => void; onDone: (notice: Notice) => void }) {
  const mark = useMarkExistingAsOld();
  return (
    <Modal title="Mark every existing player as an old client?" icon={<Icon name="user" />}>
      <p className="modal__text">Every current player becomes an old client, with the old clients&apos; savings limits.</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={mark.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={mark.isPending}
          onClick={() =>
            mark.mutate(undefined, {
              onSuccess: (answer) => {
                onDone({ tone: 'success', text: answer.detail });
                onClose();
              },
              onError: (error) => {
                onDone({ tone: 'error', text: `Error marking existing players: ${errorDetail(error)}` });
                onClose();
              },
            })
          }
        >
          {mark.isPending ? 'Marking...' : 'Mark as Old Clients'}
        </button>
      </div>
    </Modal>
  );
}

export function SavingsManagementTab() {
  const [status, setStatus] = useState<ClientStatus | ''>('');
  const [search, setSearch] = useState('');
  const filters = useDebouncedValue({ status, search: search.trim() });
  const newClients = useClientOverviewPages({ clientType: 'new', ...filters });
  const oldClients = useClientOverviewPages({ clientType: 'old', ...filters });
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
            <Card key={limit.client_type} title={`${TYPE_LABEL[limit.client_type]} limits`} icon={<Icon name="coins" />} tone="accent">
              <dl className="stat-grid stat-grid--compact">
                <StatBox label="Maximum Total" value={formatMoney(limit.max_total)} tone="gold" />
                <StatBox label="Maximum Accounts" value={limit.max_accounts} />
              </dl>
            </Card>
          ))}
        </div>
        <ClientTable type="new" clients={newClients} filtered={filtered} onNotice={setNotice} />
        <ClientTable type="old" clients={oldClients} filtered={filtered} onNotice={setNotice} />
      </>
    );
  }
  return (
    <div className="stack">
      <div className="toolbar toolbar--filters">
        <SelectField label="Status" value={status} options={STATUS_FILTERS} onChange={setStatus} />
        <TextField label="Search clients" value={search} onChange={setSearch} placeholder="Name, Discord or ID" />
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setConfirming(true)}>
          Mark Existing as Old Clients
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={refresh}>
          Refresh
        </button>
      </div>
      <NoticeBanner notice={notice} className="tab-notice" />
      {body}
      {confirming && <MarkExistingModal onClose={() => setConfirming(false)} onDone={setNotice} />}
    </div>
  );
}
