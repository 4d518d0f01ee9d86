import { useState } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { ScrollBox } from '@/components/scroll-box';
import { NoticeBanner, type Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { detailOr, errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import {
  useClientOverview,
  useMarkExistingAsOld,
  useSetClientType,
  type ClientRow,
  type ClientType,
} from '@/features/savings/api/use-client-overview';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';

// docs/rules.md, Savings screens
const OVERVIEW_FAILED = 'Failed to fetch savings overview';

const STATUS_TONE: Record<string, string> = { 'Bad Payer': 'error', 'Over Limit': 'warning', 'Within Limit': 'success' };
const TYPE_LABEL: Record<ClientType, string> = { new: 'New Clients', old: 'Old Clients' };

function ClientTable({ type, rows, onNotice }: { type: ClientType; rows: ClientRow[]; onNotice: (notice: Notice) => void }) {
  const switchType = useSetClientType();
  const other: ClientType = type === 'new' ? 'old' : 'new';
  return (
    <section aria-labelledby={`clients-${type}`}>
      <h3 className="section-title" id={`clients-${type}`}>
        <Icon name="user" size={16} /> {TYPE_LABEL[type]} <span className="badge badge--neutral">{rows.length}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">No {type} clients.</p>
      ) : (
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
  const overview = useClientOverview();
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);

  if (overview.isPending) return <LoadingBlock message="Loading savings overview..." />;
  if (overview.isError) {
    return <ErrorBlock message={detailOr(overview.error, OVERVIEW_FAILED)} onRetry={() => void overview.refetch()} />;
  }
  const { summary, limits, new_clients: newClients, old_clients: oldClients } = overview.data;
  return (
    <div className="stack">
      <div className="toolbar">
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setConfirming(true)}>
          Mark Existing as Old Clients
        </button>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void overview.refetch()}>
          Refresh
        </button>
      </div>
      <NoticeBanner notice={notice} className="tab-notice" />
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
      <ClientTable type="new" rows={newClients} onNotice={setNotice} />
      <ClientTable type="old" rows={oldClients} onNotice={setNotice} />
      {confirming && <MarkExistingModal onClose={() => setConfirming(false)} onDone={setNotice} />}
    </div>
  );
}
