import { useRef, useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner } from '@/components/notice';
import { errorDetail } from '@/lib/errors';

interface CancelRequestButtonProps {
  requestId: number;
  /** how the dialog names the request: "loan request #12345678" */
  subject: string;
  /** a cancel mutation taking the request's id (useCancelLoanRequest and its kin) */
  cancel: UseMutationResult<unknown, Error, number>;
}

/**
 * "Cancel request" on a player's own pending request: asks first in a dialog, sends once, and keeps
 * the dialog open with the server's reason when it refuses (an officer decided it meanwhile).
 */
export function CancelRequestButton({ requestId, subject, cancel }: CancelRequestButtonProps) {
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
  return (
    <div className="item-card__actions">
      <button type="button" className="btn btn--secondary btn--small" onClick={() => setOpen(true)}>
        Cancel request
      </button>
      {open && (
        <Modal title="Cancel this request?" icon={<Icon name="alert" />} onEscape={close}>
          <p className="modal__text">
            Your {subject} will be withdrawn before an officer decides it. This cannot be undone: to ask again, make a new request.
          </p>
          <NoticeBanner notice={refusal ? { tone: 'error', text: refusal } : null} />
          <div className="modal__actions">
            <button type="button" className="btn btn--secondary" onClick={close} disabled={cancel.isPending}>
              {refusal ? 'Close' : 'Keep request'}
            </button>
            <button type="button" className="btn btn--danger" onClick={confirm} disabled={cancel.isPending || refusal !== null}>
              {cancel.isPending ? 'Cancelling...' : 'Yes, cancel request'}
            </button>
          </div>
        </Modal>
      )}
    </div>
  );
}
