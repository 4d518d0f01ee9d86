import { useState, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { DecisionForm } from '@/components/decision-form';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { isAwaitingSecondApproval } from '@/lib/officers';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import type { Decision } from '@/features/admin/request-queue';

/** What an approval or a denial sends: the request, and the admin's notes or reason. */
interface DecisionInput {
  requestId: number;
  notes: string;
}

type DecideMutation<A> = Pick<UseMutationResult<A, Error, DecisionInput>, 'mutate' | 'isPending'>;

/** What every request tab's dialog gets from the queue (request-queue.tsx). */
export interface DecisionDialogProps<T> {
  decision: Decision<T>;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}

interface RequestDecisionDialogProps<T, A> extends DecisionDialogProps<T> {
  /** what is decided, in the title: "loan request" gives "Approve loan request" */
  title: string;
  /** what failed, in the error banner: "loan" gives "Error approving loan: ..." */
  errorNoun: string;
  /** the request in one sentence, above the form */
  summary: ReactNode;
  approve: DecideMutation<A>;
  deny: DecideMutation<A>;
  /** the banner once the server agreed */
  doneText: (answer: A) => string;
}

/**
 * The dialog of an admin's decision on a request (loan, withdrawal, pearl exchange): the request
 * in a sentence, the notes or the reason, and the outcome in the tab's banner once it closes.
 */
export function RequestDecisionDialog<T extends { id: number }, A>({
  decision,
  onClose,
  onDone,
  title,
  errorNoun,
  summary,
  approve,
  deny,
  doneText,
}: RequestDecisionDialogProps<T, A>) {
  const [text, setText] = useState('');
  const limits = useLoanLimits().data;
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
        onSuccess: (answer) =>
          finish(isAwaitingSecondApproval(answer) ? { tone: 'pending', text: answer.detail } : { tone: 'success', text: doneText(answer) }),
        onError: (error) => finish({ tone: 'error', text: `Error ${doing} ${errorNoun}: ${errorDetail(error)}` }),
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
