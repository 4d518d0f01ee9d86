import { useState } from 'react';
import { DecisionForm } from '@/components/decision-form';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { formatDateTime, formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { formatTimezone, withdrawalStatusLabel, withdrawalStatusTone, type Withdrawal } from '@/lib/savings';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import {
  useApproveWithdrawal,
  useDenyWithdrawal,
  useWithdrawalRequestPages,
} from '@/features/withdrawals/api/use-withdrawal-requests';
import { DecisionButtons, RequestQueue, type Decision as RequestDecision } from '@/features/admin/request-queue';
import '@/components/bank-ui.css';
import { formatCount, plural } from '@/lib/plural';

type Decision = RequestDecision<Withdrawal>;

function DecisionModal({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: (notice: Notice) => void }) {
  const [text, setText] = useState('');
  const approve = useApproveWithdrawal();
  const deny = useDenyWithdrawal();
  const limits = useLoanLimits().data;
  const { kind, request } = decision;
  const busy = approve.isPending || deny.isPending;
  const finish = (notice: Notice) => {
    onDone(notice);
    onClose();
  };

  const submit = () => {
    if (kind === 'approve') {
      approve.mutate(
        { requestId: request.id, notes: text.trim() },
        {
          onSuccess: (answer) => finish({ tone: 'success', text: answer.detail }),
          onError: (error) => finish({ tone: 'error', text: `Error approving withdrawal: ${errorDetail(error)}` }),
        },
      );
    } else {
      deny.mutate(
        { requestId: request.id, reason: text.trim() },
        {
          onSuccess: (answer) => finish({ tone: 'success', text: answer.detail }),
          onError: (error) => finish({ tone: 'error', text: `Error denying withdrawal: ${errorDetail(error)}` }),
        },
      );
    }
  };

  return (
    <Modal
      title={kind === 'approve' ? 'Approve withdrawal request' : 'Deny withdrawal request'}
      onEscape={busy ? undefined : onClose}
      icon={<Icon name={kind === 'approve' ? 'checkCircle' : 'x'} />}
    >
      <p className="modal__text">
        {request.player_name} asks for {formatMoney(request.amount)} on {formatDay(request.withdrawal_date)} at {request.withdrawal_time}{' '}
        {formatTimezone(request.player_timezone)}.
        {kind === 'approve' && ' The amount leaves their savings, oldest first.'}
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

function RequestCard({ request, onDecide }: { request: Withdrawal; onDecide: (decision: Decision) => void }) {
  return (
    <article className="card item-card" aria-labelledby={`withdrawal-${request.id}-title`} data-testid={`withdrawal-request-${request.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="wallet" />
          </span>
          <div>
            <h3 className="item-card__title" id={`withdrawal-${request.id}-title`}>
              {request.player_name} · Withdrawal #{request.id}
            </h3>
            <p className="item-card__meta">
              {request.player_discord} · submitted {formatDateTime(request.created_at)}
            </p>
          </div>
        </div>
        <span className={`badge badge--${withdrawalStatusTone(request.status)}`}>{withdrawalStatusLabel(request.status)}</span>
      </header>
      <dl className="stat-grid stat-grid--three">
        <StatBox label="Amount" value={formatMoney(request.amount)} tone="gold" />
        <StatBox label="Withdrawal Date" value={formatDay(request.withdrawal_date)} />
        <StatBox label="Withdrawal Time" value={`${request.withdrawal_time} ${formatTimezone(request.player_timezone)}`} />
      </dl>
      {request.admin_notes && (
        <p className="item-card__reason">
          <span className="item-card__reason-label">Admin notes</span>
          {request.admin_notes}
          {request.decided_by && ` (${request.decided_by}${request.decided_at ? `, ${formatDateTime(request.decided_at)}` : ''})`}
        </p>
      )}
      {request.status === 'pending' && (
        <DecisionButtons subject={`${request.player_name}'s withdrawal #${request.id}`} onDecide={(kind) => onDecide({ kind, request })} />
      )}
    </article>
  );
}

export function WithdrawalRequestsTab() {
  const requests = useWithdrawalRequestPages();

  if (requests.isPending) return <LoadingBlock message="Loading withdrawal requests..." />;
  if (requests.isError) {
    return <ErrorBlock message={`Error loading withdrawal requests: ${errorDetail(requests.error)}`} onRetry={() => void requests.refetch()} />;
  }
  const pages = requests.data.pages;
  const rows = pages.flatMap((page) => page.withdrawal_requests);
  const count = pages.at(-1)?.count ?? 0;
  const pending = pages[0]?.pending_count ?? 0;
  return (
    <>
      <div className="toolbar">
        <span className="muted" data-testid="withdrawal-counts">
          {formatCount(pending)} pending of {plural(count, 'request')}, pending first
        </span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void requests.refetch()}>
          Refresh
        </button>
      </div>
      <RequestQueue
        rows={rows}
        count={count}
        paging={requests}
        empty={{ title: 'No withdrawal requests', text: "Players' withdrawal requests show here." }}
        Card={RequestCard}
        Dialog={DecisionModal}
      />
    </>
  );
}
