import { useState } from 'react';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextAreaField } from '@/components/text-area-field';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { onChangeAnswer } from '@/lib/officers';
import { useWriteOffLoan } from '@/features/loans/api/use-write-off-loan';
import type { ActedLoan } from '@/features/loans/loan-payment-actions';
import '@/components/bank-ui.css';

/** The loan a write-off names: the server's figure of what is left to pay is what the bank forgives. */
export type WrittenOffLoan = ActedLoan & { remaining: number };

/**
 * Write Off's confirmation: the amount forgiven (the server's `remaining`), a required reason,
 * then the call. A write-off waiting for a second officer is said here and the dialog stays open.
 */
export function WriteOffModal({ loan, onClose, onDone }: { loan: WrittenOffLoan; onClose: () => void; onDone: (notice: Notice) => void }) {
  const writeOff = useWriteOffLoan();
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const waiting = notice?.tone === 'pending';
  const ready = reason.trim() !== '' && !writeOff.isPending && !waiting;
  return (
    <Modal title={`Write off loan #${loan.id}?`} icon={<Icon name="alert" />} onEscape={writeOff.isPending ? undefined : onClose}>
      <p className="modal__text">
        The bank forgives the <strong data-testid="write-off-amount">{formatMoney(loan.remaining)}</strong> left to pay on{' '}
        {loan.player_name}&apos;s loan of {formatMoney(loan.value)}. The loan closes as Written-Off: it is not repaid and adds nothing
        to the solo dividends.
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready) return;
          setNotice(null);
          writeOff.mutate(
            { loanId: loan.id, reason: reason.trim() },
            {
              onSuccess: onChangeAnswer((written) => {
                onDone({
                  tone: 'success',
                  text: `Loan #${loan.id} of ${loan.player_name} written off: ${formatMoney(written.written_off)} forgiven`,
                });
                onClose();
              }, setNotice),
              onError: (error) => setNotice({ tone: 'error', text: `Error writing off loan: ${errorDetail(error)}` }),
            },
          );
        }}
      >
        <TextAreaField
          label="Reason for the write-off"
          hint="Required: it is kept with the write-off in the books and the audit trail."
          value={reason}
          onChange={(next) => {
            setReason(next);
            if (notice?.tone === 'error') setNotice(null);
          }}
          required
          autoFocus
          rows={2}
        />
        <NoticeBanner notice={notice} />
        <div className="modal__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose} disabled={writeOff.isPending}>
            {waiting ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" className="btn btn--danger" disabled={!ready}>
            {writeOff.isPending ? 'Writing off...' : 'Write Off'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
