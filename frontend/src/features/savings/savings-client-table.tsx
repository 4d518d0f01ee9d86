import { Icon } from '@/components/icon';
import { LoadMore, useLoadNextPage } from '@/components/load-more';
import { type Notice } from '@/components/notice';
import { ScrollBox } from '@/components/scroll-box';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { formatShareOfLimit } from '@/lib/percent';
import { formatCount } from '@/lib/plural';
import { useMay } from '@/features/officers';
import { useClientOverviewPages, useSetClientType, type ClientType } from '@/features/savings/api/use-client-overview';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const STATUS_TONE: Record<string, string> = { 'Bad Payer': 'error', 'Over Limit': 'warning', 'Within Limit': 'success' };
export const CLIENT_TYPE_LABEL: Record<ClientType, string> = { new: 'New Clients', old: 'Old Clients' };

interface Props {
  type: ClientType;
  /** one client type's pages, as the server filtered them */
  clients: ReturnType<typeof useClientOverviewPages>;
  filtered: boolean;
  onNotice: (notice: Notice) => void;
}

/**
 * Savings Management's table of one client type: each player's savings against the type's limits,
 * and for a treasurer the button that makes them a client of the other type.
 */
export function SavingsClientTable({ type, clients, filtered, onNotice }: Props) {
  const switchType = useSetClientType();
  const mayChangeType = useMay('client_type');
  const loadMore = useLoadNextPage(clients);
  const other: ClientType = type === 'new' ? 'old' : 'new';
  const pages = clients.data?.pages ?? [];
  const rows = pages.flatMap((page) => page.clients);
  const total = pages.at(-1)?.count ?? rows.length;
  return (
    <section aria-labelledby={`clients-${type}`}>
      <h3 className="section-title" id={`clients-${type}`}>
        <Icon name="user" size={16} /> {CLIENT_TYPE_LABEL[type]} <span className="badge badge--neutral">{formatCount(total)}</span>
      </h3>
      {rows.length === 0 ? (
        <p className="muted">{filtered ? `No ${type} clients match.` : `No ${type} clients.`}</p>
      ) : (
        <>
          <ScrollBox label={CLIENT_TYPE_LABEL[type]}>
            <table className="credit-table table--cards">
              <caption className="visually-hidden">{CLIENT_TYPE_LABEL[type]}</caption>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col" className="num">Savings</th>
                  <th scope="col" className="num">Total Value</th>
                  <th scope="col" className="num">% of Limit</th>
                  <th scope="col">Status</th>
                  {mayChangeType && <th scope="col">Client Type</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.player_id} data-testid={`client-${row.player_id}`}>
                    <td>
                      <strong>{row.name}</strong>
                      <div className="muted">{row.discord}</div>
                    </td>
                    <td className="num" data-label="Savings">
                      {row.savings_count} / {row.max_accounts}
                    </td>
                    <td className="num" data-label="Total Value">{formatMoney(row.total_savings_value)}</td>
                    <td className="num" data-label="% of Limit">{formatShareOfLimit(row.percent_of_limit)}</td>
                    <td data-label="Status">
                      <span className={`badge badge--${STATUS_TONE[row.status] ?? 'neutral'}`}>{row.status}</span>
                    </td>
                    {mayChangeType && (
                      <td data-label="Client Type">
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
                    )}
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
