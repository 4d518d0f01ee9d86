import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import type { PearlExchangeRequest } from '@/features/exchange/api/types';
import { CancelRequestButton } from '@/components/cancel-request-button';
import { useCancelExchange } from '@/features/exchange/api/use-cancel-exchange';
import { destinationLabel, directionTitle, formatPearls, formatRatePerPearl, STATUS_LABEL, STATUS_TONE } from '@/features/exchange/exchange-format';

export function ExchangeCard({ request }: { request: PearlExchangeRequest }) {
  const cancel = useCancelExchange();
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
      <CancelRequestButton requestId={request.id} pending={request.status === 'pending'} subject={`pearl exchange request #${request.id}`} cancel={cancel} />
    </article>
  );
}
