import { useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner } from '@/components/notice';
import { errorDetail } from '@/lib/errors';

const DECIDED_MEANWHILE = 'An officer has decided this request meanwhile: it can no longer be cancelled.';

interface CancelRequestButtonProps {
  requestId: number;
  /** whether the request still waits for an officer: the button shows only then; an open dialog stays, saying it was decided */
  pending: boolean;
  /** how the dialog names the request: "loan request #12345678" */
  subject: string;
  /** a cancel mutation taking the request's id (useCancelLoanRequest and its kin) */
  cancel: UseMutationResult<unknown, Error, number>;
}

/**
 * "Cancel request" on a player's own pending request: asks first in a dialog, sends once, and keeps
 * the dialog open with the server's reason when it refuses (an officer decided it meanwhile).
 */
export function CancelRequestButton({ requestId, pending, subject, cancel }: CancelRequestButtonProps) {
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // a second click before the button re-renders disabled must not send again
  const sending = useRef(false);
  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    setRefusal(null);
  };
  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    setRefusal(null);
    cancel.mutate(requestId, {
      onSuccess: () => setOpen(false),
      onError: (error) => setRefusal(errorDetail(error, 'The request could not be cancelled.')),
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  if (!pending && !open) return null;
  // an officer decided it while the dialog was open (its notice refreshed the list): nothing to send
  const problem = refusal ?? (pending || cancel.isPending || cancel.isSuccess ? null : DECIDED_MEANWHILE);
  return (
    <div className="item-card__actions">
      {pending && (
        <button type="button" className="btn btn--secondary btn--small" onClick={() => setOpen(true)}>
          Cancel request
        </button>
      )}
      {open && (
        <Modal title="Cancel this request?" icon={<Icon name="alert" />} onEscape={close}>
          <p className="modal__text">
            Your {subject} will be withdrawn before an officer decides it. This cannot be undone: to ask again, make a new request.
          </p>
          <NoticeBanner notice={problem ? { tone: 'error', text: problem } : null} />
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={close} disabled={cancel.isPending}>
              {problem ? 'Close' : 'Keep request'}
            </button>
            <button type="button" className="btn btn--danger" onClick={confirm} disabled={cancel.isPending || problem !== null}>
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel request'}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
