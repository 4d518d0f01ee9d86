import { useState } from 'react';
import { DecisionForm } from '@/components/decision-form';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { SelectField } from '@/components/select-field';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { ExchangeStatusFilter } from '@/features/exchange/api/keys';
import type { PearlExchangeRequest } from '@/features/exchange/api/types';
import { useApproveExchange, useDenyExchange } from '@/features/exchange/api/use-decide-exchange';
import { useExchangeRequestPages } from '@/features/exchange/api/use-exchange-requests';
import {
  destinationLabel,
  directionTitle,
  formatPearls,
  formatRatePerPearl,
  STATUS_LABEL,
  STATUS_TONE,
} from '@/features/exchange/exchange-format';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { DecisionButtons, RequestQueue, type Decision as RequestDecision } from '@/features/admin/request-queue';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';
import { formatCount, plural } from '@/lib/plural';

const FILTERS: ReadonlyArray<{ value: ExchangeStatusFilter; label: string }> = [
  { value: '', label: 'All requests' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'denied', label: 'Denied' },
];

type Decision = RequestDecision<PearlExchangeRequest>;

function DecisionModal({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: (notice: Notice) => void }) {
  const [text, setText] = useState('');
  const approve = useApproveExchange();
  const deny = useDenyExchange();
  const limits = useLoanLimits().data;
  const { kind, request } = decision;
  const busy = approve.isPending || deny.isPending;
  const doing = kind === 'approve' ? 'approving' : 'denying';
  const handlers = {
    onSuccess: (answer: { detail: string }) => {
      onDone({ tone: 'success', text: answer.detail });
      onClose();
    },
    onError: (error: Error) => {
      onDone({ tone: 'error', text: `Error ${doing} pearl exchange: ${errorDetail(error)}` });
      onClose();
    },
  };
  const submit = () => {
    const input = { requestId: request.id, notes: text.trim() };
    if (kind === 'approve') approve.mutate(input, handlers);
    else deny.mutate(input, handlers);
  };

  return (
    <Modal
      title={kind === 'approve' ? 'Approve pearl exchange' : 'Deny pearl exchange'}
      icon={<Icon name={kind === 'approve' ? 'checkCircle' : 'x'} />}
      onEscape={busy ? undefined : onClose}
    >
      <p className="modal__text">
        {request.player_name}: {directionTitle(request.exchange_type).toLowerCase()}, {formatPearls(request.pearls_amount)} at{' '}
        {formatRatePerPearl(request.exchange_rate)} = {formatMoney(request.bread_amount)} ({request.destination}).
      </p>
      <DecisionForm
        kind={kind}
        text={text}
        onText={setText}
        maxLength={limits?.notes_max_length}
        busy={busy}
        onSubmit={submit}
        onCancel={onClose}
      />
    </Modal>
  );
}

function RequestCard({ request, onDecide }: { request: PearlExchangeRequest; onDecide: (decision: Decision) => void }) {
  return (
    <article className="card item-card" aria-labelledby={`pearl-request-${request.id}-title`} data-testid={`pearl-request-${request.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name={request.exchange_type === 'sell' ? 'coins' : 'gem'} />
          </span>
          <div>
            <h3 className="item-card__title" id={`pearl-request-${request.id}-title`}>
              {request.player_name}: {directionTitle(request.exchange_type)}
            </h3>
            <p className="item-card__meta">
              {request.player_discord} · request #{request.id} · {formatDateTime(request.request_date)}
            </p>
          </div>
        </div>
        <span className={`badge badge--${STATUS_TONE[request.status]}`}>{STATUS_LABEL[request.status]}</span>
      </header>
      <dl className="stat-grid">
        <StatBox label="Pearls" value={formatPearls(request.pearls_amount)} />
        <StatBox label="Bread Amount" value={formatMoney(request.bread_amount)} />
        <StatBox label="Rate" value={formatRatePerPearl(request.exchange_rate)} />
        <StatBox label={destinationLabel(request.exchange_type)} value={request.destination} />
      </dl>
      {request.status !== 'pending' && (
        <div className={`decision decision--${request.status}`}>
          <p className="decision__title">
            {STATUS_LABEL[request.status]}
            {request.decided_by ? ` by ${request.decided_by}` : ''}
            {request.decided_at ? ` on ${formatDateTime(request.decided_at)}` : ''}
            {request.created_savings_id ? `, opened Savings Account #${request.created_savings_id}` : ''}
          </p>
          {request.admin_notes && <p>Admin notes: {request.admin_notes}</p>}
        </div>
      )}
      {request.status === 'pending' && (
        <DecisionButtons subject={`${request.player_name}'s pearl request #${request.id}`} onDecide={(kind) => onDecide({ kind, request })} />
      )}
    </article>
  );
}

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
        Card={RequestCard}
        Dialog={DecisionModal}
      />
    </>
  );
}
