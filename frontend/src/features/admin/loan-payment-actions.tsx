import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import type { LoanFigures, PaymentStatus } from '@/lib/loans';
import { formatMoney } from '@/lib/money';
import { useMarkLoanPayment } from '@/features/loans/api/use-mark-loan-payment';
import { usePayOffLoan } from '@/features/loans/api/use-pay-off-loan';
import '@/components/bank-ui.css';

/** The loan the buttons and the pay-off dialog name and act on. */
type ActedLoan = Pick<LoanFigures, 'id' | 'player_name' | 'value' | 'payoff_solo_gain'>;

/** Mark Paid and Mark Not Paid for today's day (Check Loans and a player's details card). */
export function LoanMarkButtons({ loan, onNotice }: { loan: ActedLoan; onNotice: (notice: Notice) => void }) {
  const mark = useMarkLoanPayment();
  const markPayment = (status: PaymentStatus) => {
    onNotice(null);
    mark.mutate(
      { loanId: loan.id, status },
      {
        onSuccess: (answer) => onNotice({ tone: 'success', text: answer.detail || `Loan payment marked as ${status}` }),
        onError: (error) => onNotice({ tone: 'error', text: `Error processing payment: ${errorDetail(error)}` }),
      },
    );
  };
  return (
    <>
      <button type="button" className="btn btn--primary btn--small" disabled={mark.isPending} onClick={() => markPayment('Paid')}>
        <Icon name="check" size={16} />
        Mark Paid
      </button>
      <button type="button" className="btn btn--secondary btn--small" disabled={mark.isPending} onClick={() => markPayment('Not Paid')}>
        <Icon name="x" size={16} />
        Mark Not Paid
      </button>
    </>
  );
}

/** Mark Paid Off's confirmation: what the pay-off adds to the solo dividends, then the call. */
export function PayOffModal({ loan, onClose, onDone }: { loan: ActedLoan; onClose: () => void; onDone: (notice: Notice) => void }) {
  const payOff = usePayOffLoan();
  return (
    <Modal title={`Mark loan #${loan.id} as paid off?`} icon={<Icon name="checkCircle" />} onEscape={payOff.isPending ? undefined : onClose}>
      <p className="modal__text">
        {loan.player_name}&apos;s loan of {formatMoney(loan.value)} is closed as Paid-Off, and{' '}
        <strong>{formatMoney(loan.payoff_solo_gain)}</strong> of its interest goes to the solo dividends.
      </p>
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={payOff.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--danger"
          disabled={payOff.isPending}
          onClick={() =>
            payOff.mutate(
              { loanId: loan.id },
              {
                onSuccess: (answer) => {
                  onDone({
                    tone: 'success',
                    text: `Loan #${loan.id} of ${loan.player_name} marked as paid off. Solo dividends +${formatMoney(answer.solo_gain)}`,
                  });
                  onClose();
                },
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
