import { Icon } from '@/components/icon';
import type { Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import type { LoanFigures, PaymentStatus } from '@/lib/loans';
import { onChangeAnswer } from '@/lib/officers';
import { useMarkLoanPayment } from '@/features/loans/api/use-mark-loan-payment';
import '@/components/bank-ui.css';

/** The loan the buttons and the pay-off dialog name and act on. */
export type ActedLoan = Pick<LoanFigures, 'id' | 'player_name' | 'value' | 'payoff_solo_gain'>;

/** Mark Paid and Mark Not Paid for today's day (Check Loans and a player's details card). */
export function LoanMarkButtons({ loan, onNotice }: { loan: ActedLoan; onNotice: (notice: Notice) => void }) {
  const mark = useMarkLoanPayment();
  const markPayment = (status: PaymentStatus) => {
    onNotice(null);
    mark.mutate(
      { loanId: loan.id, status },
      {
        onSuccess: onChangeAnswer((answer) => onNotice({ tone: 'success', text: answer.detail || `Loan payment marked as ${status}` }), onNotice),
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
