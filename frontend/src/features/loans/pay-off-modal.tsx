import { useState } from 'react';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import { onChangeAnswer } from '@/lib/officers';
import { usePayOffLoan } from '@/features/loans/api/use-pay-off-loan';
import { type ActedLoan } from '@/features/loans/loan-payment-actions';
import '@/components/bank-ui.css';

/** Mark Paid Off's confirmation: what the pay-off adds to the solo dividends, then the call. */
export function PayOffModal({ loan, onClose, onDone }: { loan: ActedLoan; onClose: () => void; onDone: (notice: Notice) => void }) {
  const payOff = usePayOffLoan();
  // a pay-off waiting for a second officer: said here, the dialog stays open until closed
  const [waiting, setWaiting] = useState<Notice>(null);
  return (
    <Modal title={`Mark loan #${loan.id} as paid off?`} icon={<Icon name="checkCircle" />} onEscape={payOff.isPending ? undefined : onClose}>
      <p className="modal__text">
        {loan.player_name}&apos;s loan of {formatMoney(loan.value)} is closed as Paid-Off, and{' '}
        <strong>{formatMoney(loan.payoff_solo_gain)}</strong> of its interest goes to the solo dividends.
      </p>
      <NoticeBanner notice={waiting} />
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={payOff.isPending}>
          {waiting ? 'Close' : 'Cancel'}
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={payOff.isPending || waiting !== null}
          onClick={() =>
            payOff.mutate(
              { loanId: loan.id },
              {
                onSuccess: onChangeAnswer((answer) => {
                  onDone({
                    tone: 'success',
                    text: `Loan #${loan.id} of ${loan.player_name} marked as paid off. Solo dividends +${formatMoney(answer.solo_gain)}`,
                  });
                  onClose();
                }, setWaiting),
                onError: (error) => {
                  onDone({ tone: 'error', text: `Error marking loan as paid off: ${errorDetail(error)}` });
                  onClose();
                },
              },
            )
          }
        >
          {payOff.isPending ? 'Saving...' : 'Mark Paid Off'}
        </button>
      </div>
    </Modal>
  );
}
