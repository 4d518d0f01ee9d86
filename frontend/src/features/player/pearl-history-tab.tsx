import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { Me } from '@/features/players/api/use-me';
import type { PearlExchangeRequest } from '@/features/exchange/api/types';
import { useExchangeHistory } from '@/features/exchange/api/use-exchange-history';
import {
  destinationLabel,
  directionTitle,
  formatPearls,
  formatRatePerPearl,
  STATUS_LABEL,
  STATUS_TONE,
} from '@/features/exchange/exchange-format';
import '@/components/bank-ui.css';

const NO_HISTORY = 'No pearl exchange history found';

function ExchangeCard({ request }: { request: PearlExchangeRequest }) {
  return (
    <article className="card item-card" aria-labelledby={`exchange-${request.id}-title`} data-testid={`exchange-${request.id}`}>
      <header className="item-card__head">
        <div>
          <h3 className="item-card__title" id={`exchange-${request.id}-title`}>
            {directionTitle(request.exchange_type)} · Request #{request.id}
          </h3>
          <p className="item-card__meta">
            <Icon name="calendar" size={14} /> Requested {formatDateTime(request.request_date)}
          </p>
        </div>
        <span className={`badge badge--${STATUS_TONE[request.status]}`}>{STATUS_LABEL[request.status]}</span>
      </header>
      <dl className="stat-grid">
        <StatBox label="Pearls" value={formatPearls(request.pearls)} />
        <StatBox label="Bread Amount" value={formatMoney(request.bread_amount)} />
        <StatBox label="Exchange Rate" value={formatRatePerPearl(request.exchange_rate)} />
        <StatBox label={destinationLabel(request.exchange_type)} value={request.destination} />
      </dl>
      {request.status === 'pending' ? (
        <div className="decision decision--pending">
          <p>An administrator will review this request. You will be contacted on Discord.</p>
        </div>
      ) : (
        <div className={`decision decision--${request.status}`}>
          <p className="decision__title">
            {STATUS_LABEL[request.status]}
            {request.decided_by ? ` by ${request.decided_by}` : ''}
            {request.decided_at ? ` on ${formatDateTime(request.decided_at)}` : ''}
            {request.created_savings_id ? `, into Savings Account #${request.created_savings_id}` : ''}
          </p>
          {request.admin_notes && <p>Admin notes: {request.admin_notes}</p>}
        </div>
      )}
    </article>
  );
}

function History({ playerId }: { playerId: number }) {
  const history = useExchangeHistory(playerId);
  if (history.isPending) return <LoadingBlock message="Loading pearl exchange history..." />;
  if (history.isError) {
    return (
      <ErrorBlock
        message={errorDetail(history.error, 'Your pearl exchange history could not be loaded.')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  if (history.data.length === 0) {
    return <EmptyState icon="inbox" title={NO_HISTORY} text="Use the Exchange Pearls tab to sell or buy pearls." />;
  }
  return (
    <div className="stack">
      {history.data.map((request) => (
        <ExchangeCard key={request.id} request={request} />
      ))}
    </div>
  );
}

export function PearlHistoryTab({ me }: { me: Me }) {
  if (!me.player) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">No player profile is linked to this account yet.</p>
        <p className="muted">Please contact an admin to create your player profile.</p>
      </div>
    );
  }
  return <History playerId={me.player.id} />;
}
