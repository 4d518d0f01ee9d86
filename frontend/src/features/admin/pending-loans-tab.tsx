import { createContext, useContext, useState } from 'react';
import { StatBox } from '@/components/stat-box';
import { DecisionForm } from '@/components/decision-form';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { loanRateText, type PendingLoan } from '@/lib/loans';
import { listDecimals } from '@/lib/percent';
import { plural } from '@/lib/plural';
import { useApproveLoanRequest } from '@/features/loan-requests/api/use-approve-loan-request';
import { useDenyLoanRequest } from '@/features/loan-requests/api/use-deny-loan-request';
import { useOpenLoanRequestPages } from '@/features/loan-requests/api/use-open-loan-requests';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { DecisionButtons, RequestQueue, type Decision as RequestDecision } from '@/features/admin/request-queue';
import '@/components/bank-ui.css';
import '@/features/credit/credit.css';

export const APPROVED = 'Pending loan approved and converted to active loan!';
export const DENIED = 'Pending loan denied.';

type Decision = RequestDecision<PendingLoan>;

/** The decimals every request's whole-term rate is written with: one list, one format. */
const RateDecimals = createContext<number | undefined>(undefined);

function DecisionModal({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: (notice: Notice) => void }) {
  const [text, setText] = useState('');
  const approve = useApproveLoanRequest();
  const deny = useDenyLoanRequest();
  const limits = useLoanLimits().data;
  const { kind, request } = decision;
  const busy = approve.isPending || deny.isPending;

  const submit = () => {
    if (kind === 'approve') {
      approve.mutate(
        { requestId: request.id, notes: text.trim() },
        {
          onSuccess: () => {
            onDone({ tone: 'success', text: APPROVED });
            onClose();
          },
          onError: (error) => {
            onDone({ tone: 'error', text: `Error approving loan: ${errorDetail(error)}` });
            onClose();
          },
        },
      );
    } else {
      deny.mutate(
        { requestId: request.id, reason: text.trim() },
        {
          onSuccess: () => {
            onDone({ tone: 'success', text: DENIED });
            onClose();
          },
          onError: (error) => {
            onDone({ tone: 'error', text: `Error denying loan: ${errorDetail(error)}` });
            onClose();
          },
        },
      );
    }
  };

  return (
    <Modal
      title={kind === 'approve' ? 'Approve loan request' : 'Deny loan request'}
      onEscape={busy ? undefined : onClose}
      icon={<Icon name={kind === 'approve' ? 'checkCircle' : 'x'} />}
    >
      <p className="modal__text">
        {request.player_name}: {formatMoney(request.value)} at {loanRateText(request)}, {formatMoney(request.total_to_pay)} to pay.
        {kind === 'approve' && ' It becomes an active loan starting today.'}
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

function RequestCard({ request, onDecide }: { request: PendingLoan; onDecide: (decision: Decision) => void }) {
  const rateDecimals = useContext(RateDecimals);
  return (
    <article className="card item-card" aria-labelledby={`pending-${request.id}-title`} data-testid={`pending-loan-${request.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="user" />
          </span>
          <div>
            <h3 className="item-card__title" id={`pending-${request.id}-title`}>
              {request.player_name}
            </h3>
            <p className="item-card__meta">
              {request.player_discord} · request #{request.id}
            </p>
          </div>
        </div>
        <span className="badge badge--warning">Pending approval</span>
      </header>
      <dl className="stat-grid stat-grid--three">
        <StatBox label="Amount" value={formatMoney(request.value)} />
        <StatBox label="Interest Rate" value={loanRateText(request, rateDecimals)} testId="loan-rate" />
        <StatBox label="Total to Pay" value={formatMoney(request.total_to_pay)} />
        <StatBox label="Duration" value={plural(request.total_days, 'day')} />
        <StatBox label="Requested By" value={request.user ?? request.player_name} />
        <StatBox label="Request Date" value={formatDateTime(request.request_date)} />
      </dl>
      {request.request_reason && (
        <p className="item-card__reason">
          <span className="item-card__reason-label">Reason</span>
          {request.request_reason}
        </p>
      )}
      <DecisionButtons subject={`${request.player_name}'s request #${request.id}`} onDecide={(kind) => onDecide({ kind, request })} />
    </article>
  );
}

export function PendingLoansTab() {
  const requests = useOpenLoanRequestPages();

  if (requests.isPending) return <LoadingBlock message="Loading loan requests..." />;
  if (requests.isError) {
    return <ErrorBlock message={`Error loading loan requests: ${errorDetail(requests.error)}`} onRetry={() => void requests.refetch()} />;
  }

  const rows = requests.data.pages.flatMap((page) => page.pending_loans);
  const count = requests.data.pages.at(-1)?.count ?? 0;
  return (
    <>
      <div className="toolbar">
        <span className="muted">
          {plural(count, 'request')} waiting, oldest first
        </span>
        <span className="toolbar__spacer" />
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void requests.refetch()}>
          Refresh
        </button>
      </div>
      <RateDecimals.Provider value={listDecimals(rows.map((request) => request.interest_rate))}>
        <RequestQueue
          rows={rows}
          count={count}
          paging={requests}
          empty={{ title: 'No pending loan requests', text: 'New requests from players show here.' }}
          Card={RequestCard}
          Dialog={DecisionModal}
        />
      </RateDecimals.Provider>
    </>
  );
}
