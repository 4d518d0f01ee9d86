import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { formatTimezone, type WithdrawalOfficer } from '@/lib/savings';
import { useApproveWithdrawal, useDenyWithdrawal } from '@/features/withdrawals/api/use-withdrawal-requests';
import { RequestDecisionDialog, type DecisionDialogProps } from '@/features/requests';

/** Approve or deny a withdrawal request: an approval takes the amount from savings, oldest first. */
export function WithdrawalDecisionDialog({ decision, onClose, onDone }: DecisionDialogProps<WithdrawalOfficer>) {
  const approve = useApproveWithdrawal();
  const deny = useDenyWithdrawal();
  const { request } = decision;
  return (
    <RequestDecisionDialog
      decision={decision}
      onClose={onClose}
      onDone={onDone}
      title="withdrawal request"
      errorNoun="withdrawal"
      summary={
        <>
          {request.player_name} asks for {formatMoney(request.amount)} on {formatDay(request.withdrawal_date)} at {request.withdrawal_time}{' '}
          {formatTimezone(request.player_timezone)}.
        </>
      }
      effect={{ amount: request.amount, consequence: 'The amount leaves their savings, oldest first.' }}
      approve={approve}
      deny={deny}
      doneText={(answer) => answer.detail}
    />
  );
}
