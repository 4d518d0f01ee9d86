import { createContext, useContext } from 'react';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { LoanRateValue } from '@/components/loan-rate-value';
import type { PendingLoanOfficer } from '@/lib/loans';
import { formatMoney } from '@/lib/money';
import { plural } from '@/lib/plural';
import { RequestCard, type RequestCardProps } from '@/features/requests';

/** The decimals every request's whole-term rate is written with: one list, one format. */
export const RateDecimals = createContext<number | undefined>(undefined);

/** A waiting loan request: its terms and the player's reason. */
export function LoanRequestCard({ request, onDecide }: RequestCardProps<PendingLoanOfficer>) {
  const rateDecimals = useContext(RateDecimals);
  return (
    <RequestCard
      request={request}
      onDecide={onDecide}
      approvals={request.approvals}
      testId={`pending-loan-${request.id}`}
      titleId={`pending-${request.id}-title`}
      icon="user"
      title={request.player_name}
      meta={
        <>
          {request.player_discord} · request #{request.id}
        </>
      }
      badge={{ tone: 'warning', label: 'Pending approval' }}
      subject={`${request.player_name}'s request #${request.id}`}
    >
      <dl className="stat-grid stat-grid--three">
        <StatBox label="Amount" value={formatMoney(request.value)} />
        <StatBox label="Total to Pay" value={formatMoney(request.total_to_pay)} />
        <StatBox label="Interest Rate" value={<LoanRateValue rate={request} decimals={rateDecimals} />} testId="loan-rate" wide />
        <StatBox label="Duration" value={plural(request.total_days, 'day')} />
        <StatBox label="Requested By" value={request.user ?? request.player_name} />
        <StatBox label="Request Date" value={formatDateTime(request.request_date)} wide />
      </dl>
      {request.request_reason && (
        <p className="item-card__reason">
          <span className="item-card__reason-label">Reason</span>
          {request.request_reason}
        </p>
      )}
    </RequestCard>
  );
}
