import { formatMoney } from '@/lib/money';
import { loanRateText, type PendingLoanOfficer } from '@/lib/loans';
import { useApproveLoanRequest } from '@/features/loan-requests/api/use-approve-loan-request';
import { useDenyLoanRequest } from '@/features/loan-requests/api/use-deny-loan-request';
import { RequestDecisionDialog, type DecisionDialogProps } from '@/features/requests';

const APPROVED = 'Pending loan approved and converted to active loan!';
const DENIED = 'Pending loan denied.';

/** Approve or deny a loan request: an approval turns it into an active loan starting today. */
export function LoanRequestDecisionDialog({ decision, onClose, onDone }: DecisionDialogProps<PendingLoanOfficer>) {
  const approve = useApproveLoanRequest();
  const deny = useDenyLoanRequest();
  const { kind, request } = decision;
  return (
    <RequestDecisionDialog
      decision={decision}
      onClose={onClose}
      onDone={onDone}
      title="loan request"
      errorNoun="loan"
      summary={
        <>
          {request.player_name}: {formatMoney(request.value)} at {loanRateText(request)}, {formatMoney(request.total_to_pay)} to pay.
        </>
      }
      effect={{ amount: request.value, consequence: 'It becomes an active loan starting today.' }}
      approve={approve}
      deny={deny}
      doneText={() => (kind === 'approve' ? APPROVED : DENIED)}
    />
  );
}
