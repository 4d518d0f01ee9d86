import { Icon } from '@/components/icon';
import type { Notice } from '@/components/notice';
import { errorDetail } from '@/lib/errors';
import type { SavingsWeekStatus } from '@/lib/savings';
import { onChangeAnswer } from '@/lib/officers';
import { useMarkSavingsPayment } from '@/features/savings/api/use-savings-actions';
import { type MarkedSavings } from '@/features/savings/savings-payment-actions';
import '@/components/bank-ui.css';

/**
 * Mark Paid and Mark Not Paid for the week due (Check Savings and a player's details card): the
 * server records the next week due, or says when it falls due.
 */
export function SavingsMarkButtons({ savings, onNotice }: { savings: MarkedSavings; onNotice: (notice: Notice) => void }) {
  const mark = useMarkSavingsPayment();
  const markPayment = (status: SavingsWeekStatus) => {
    onNotice(null);
    mark.mutate(
      { savingsId: savings.id, status },
      {
        onSuccess: onChangeAnswer((answer) => onNotice({ tone: 'success', text: answer.detail }), onNotice),
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
