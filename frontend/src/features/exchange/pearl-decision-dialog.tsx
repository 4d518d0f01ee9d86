import { formatMoney } from '@/lib/money';
import type { PearlExchangeRequestOfficer } from '@/features/exchange/api/types';
import { useApproveExchange, useDenyExchange } from '@/features/exchange/api/use-decide-exchange';
import { directionTitle, formatPearls, formatRatePerPearl } from '@/features/exchange/exchange-format';
import { RequestDecisionDialog, type DecisionDialogProps } from '@/features/requests';

/** Approve or deny a pearl sale or purchase. */
export function PearlDecisionDialog({ decision, onClose, onDone }: DecisionDialogProps<PearlExchangeRequestOfficer>) {
  const approve = useApproveExchange();
  const deny = useDenyExchange();
  const { request } = decision;
  return (
    <RequestDecisionDialog
      decision={decision}
      onClose={onClose}
      onDone={onDone}
      title="pearl exchange"
      errorNoun="pearl exchange"
      summary={
        <>
          {request.player_name}: {directionTitle(request.exchange_type).toLowerCase()}, {formatPearls(request.pearls_amount)} at{' '}
          {formatRatePerPearl(request.exchange_rate)} = {formatMoney(request.bread_amount)} ({request.destination}).
        </>
      }
      effect={{ amount: request.bread_amount, consequence: 'The exchange is carried out at once.' }}
      approve={approve}
      deny={deny}
      doneText={(answer) => answer.detail}
    />
  );
}
