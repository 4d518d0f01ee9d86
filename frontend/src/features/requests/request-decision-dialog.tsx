import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { DecisionForm } from '@/components/decision-form';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { ApiError } from '@/lib/api-client';
import { errorDetail } from '@/lib/errors';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { firstApprovalText, isAwaitingSecondApproval, type Approval } from '@/lib/officers';
import { useBankSettings } from '@/features/bank-settings';
import { useLoanLimits } from '@/features/loans';
import { useMyOfficerName } from '@/features/officers';
import type { DecisionDialogProps } from '@/features/requests/request-types';

/** What an approval or a denial sends: the request, and the admin's notes or reason. */
interface DecisionInput {
  requestId: number;
  notes: string;
}

type DecideMutation<A> = Pick<UseMutationResult<A, Error, DecisionInput>, 'mutate' | 'isPending'>;


interface RequestDecisionDialogProps<T, A> extends DecisionDialogProps<T> {
  /** what is decided, in the title: "loan request" gives "Approve loan request" */
  title: string;
  /** what failed, in the error banner: "loan" gives "Error approving loan: ..." */
  errorNoun: string;
  /** the request in one sentence, above the form */
  summary: ReactNode;
  /** a request's approval (not a proposal's): the bread it moves, which the four-eyes threshold is
   * compared with, and what it does when carried out at once ("The amount leaves their savings, oldest first.") */
  effect?: { amount: number; consequence: string };
  approve: DecideMutation<A>;
  deny: DecideMutation<A>;
  /** the banner once the server agreed */
  doneText: (answer: A) => string;
}

/**
 * The dialog of an admin's decision on a request (loan, withdrawal, pearl exchange): the request
 * in a sentence, the notes or the reason, and the outcome in the tab's banner once it closes.
 */
/**
 * What pressing Approve does, truthfully: carried out at once, or recorded while it waits for a second
 * officer. The server decides (bank/decisions.py why_two); this says what it may decide, from the
 * threshold every officer reads and the approvals the request shows.
 */
function approvalConsequence({
  amount,
  consequence,
  threshold,
  approvals,
  myName,
}: {
  amount: number;
  consequence: string;
  threshold: number | undefined;
  approvals: readonly Approval[] | undefined;
  myName: string | null;
}): string {
  const first = approvals?.length === 1 && approvals[0].officer !== myName ? approvals[0] : undefined;
  if (first) {
    return `${first.officer} approved it on ${formatDateTime(first.at)}; your approval as the second officer carries it out. ${consequence}`;
  }
  if (threshold === undefined) {
    return `If four eyes apply, your approval is recorded and a second officer must approve before the money moves. Otherwise: ${consequence}`;
  }
  const above = `the four-eyes threshold (${formatMoney(threshold)})`;
  if (amount > threshold) {
    return `Above ${above}: your approval is recorded and a second officer must approve before the money moves.`;
  }
  return `${consequence} Unless the player's requests, or what you decided alone for them, in the last 24 hours come to more than ${above}: then your approval is recorded and a second officer must approve before the money moves.`;
}

export function RequestDecisionDialog<T extends { id: number; approvals?: readonly Approval[] }, A>({
  decision,
  onClose,
  onDone,
  title,
  errorNoun,
  summary,
  effect,
  approve,
  deny,
  doneText,
}: RequestDecisionDialogProps<T, A>) {
  const [text, setText] = useState('');
  const limits = useLoanLimits().data;
  const threshold = useBankSettings().data?.four_eyes_above;
  const me = useMyOfficerName();
  const { kind, request } = decision;
  const busy = approve.isPending || deny.isPending;
  const finish = (notice: Notice) => {
    onDone(notice);
    onClose();
  };

  const submit = () => {
    const doing = kind === 'approve' ? 'approving' : 'denying';
    (kind === 'approve' ? approve : deny).mutate(
      { requestId: request.id, notes: text.trim() },
      {
        // four eyes: a first approval of a large request (202) is neither done nor refused
        onSuccess: (answer) => {
          if (!isAwaitingSecondApproval(answer)) return finish({ tone: 'success', text: doneText(answer) });
          // the approval the 202 records is this officer's: its name is the one their approvals carry
          const mine = answer.approvals.at(-1)?.officer;
          if (mine) me.learn(mine);
          finish({ tone: 'pending', text: firstApprovalText(answer) });
        },
        onError: (error) => {
          // "you have already approved this request": the one approval it shows is this officer's (the
          // name their approvals carry), so its card shows them waiting from now on
          if (error instanceof ApiError && error.code === 'already_approved_by_you' && request.approvals?.length === 1) {
            me.learn(request.approvals[0].officer);
          }
          finish({ tone: 'error', text: `Error ${doing} ${errorNoun}: ${errorDetail(error)}` });
        },
      },
    );
  };

  return (
    <Modal
      title={`${kind === 'approve' ? 'Approve' : 'Deny'} ${title}`}
      onEscape={busy ? undefined : onClose}
      icon={<Icon name={kind === 'approve' ? 'checkCircle' : 'x'} />}
    >
      <p className="modal__text">{summary}</p>
      {kind === 'approve' && effect && (
        <p className="modal__text" data-testid="approval-consequence">
          {approvalConsequence({ ...effect, threshold, approvals: request.approvals, myName: me.name })}
        </p>
      )}
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
