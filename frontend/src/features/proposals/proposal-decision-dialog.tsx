import { formatMoney } from '@/lib/money';
import type { Proposal } from '@/features/proposals/api/use-proposals';
import { useApproveProposal, useDenyProposal } from '@/features/proposals/api/use-decide-proposal';
import { RequestDecisionDialog, type DecisionDialogProps } from '@/features/requests';

/** Approve (carried out now, as the second officer) or deny an officer's change; the server's detail says how it went. */
export function ProposalDecisionDialog({ decision, onClose, onDone }: DecisionDialogProps<Proposal>) {
  const approve = useApproveProposal();
  const deny = useDenyProposal();
  const { kind, request: proposal } = decision;
  return (
    <RequestDecisionDialog
      decision={decision}
      onClose={onClose}
      onDone={onDone}
      title="change"
      errorNoun="change"
      summary={
        <>
          {proposal.summary} (effect {formatMoney(proposal.effect)}, proposed by {proposal.proposed_by}).
          {kind === 'approve' && ' Approving carries it out now.'}
        </>
      }
      approve={approve}
      deny={deny}
      doneText={(answer) => answer.detail}
    />
  );
}
