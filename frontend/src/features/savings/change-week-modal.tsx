import { useState } from 'react';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { NoticeBanner, type Notice } from '@/components/notice';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { SavingsWeek } from '@/lib/savings';
import { onChangeAnswer } from '@/lib/officers';
import { useMarkSavingsPayment } from '@/features/savings/api/use-savings-actions';
import { OTHER_STATUS, weekChangedMessage } from '@/features/savings/savings-payment-actions';
import '@/components/bank-ui.css';

export function ChangeWeekModal({
  savingsId,
  week,
  onClose,
  onDone,
}: {
  savingsId: number;
  week: SavingsWeek;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}) {
  const mark = useMarkSavingsPayment();
  // a change waiting for a second officer: said here, the dialog stays open until closed
  const [waiting, setWaiting] = useState<Notice>(null);
  const target = OTHER_STATUS[week.status];
  const due = formatDay(week.date);
  return (
    <Modal
      title={`Change week ${week.week} of savings #${savingsId} to ${target}?`}
      icon={<Icon name="history" />}
      onEscape={mark.isPending ? undefined : onClose}
    >
      {week.status === 'Not Paid' ? (
        <p className="modal__text">
          Week {week.week} (due {due}) was recorded Not Paid, which added its interest of{' '}
          <strong>{formatMoney(week.interest_compounded)}</strong> to the balance. Changing it to Paid takes that{' '}
          {formatMoney(week.interest_compounded)} back out of the balance: the interest is paid out in the game instead.
        </p>
      ) : (
        <p className="modal__text">
          Week {week.week} (due {due}) was recorded Paid: its interest of <strong>{formatMoney(week.interest)}</strong> was paid
          out in the game. Changing it to Not Paid adds that {formatMoney(week.interest)} to the balance instead.
        </p>
      )}
      <NoticeBanner notice={waiting} />
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={mark.isPending}>
          {waiting ? 'Close' : 'Cancel'}
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={mark.isPending || waiting !== null}
          onClick={() =>
            mark.mutate(
              { savingsId, status: target, week: week.week },
              {
                onSuccess: onChangeAnswer((answer) => {
                  onDone({ tone: 'success', text: weekChangedMessage(answer) });
                  onClose();
                }, setWaiting),
                onError: (error) => {
                  onDone({ tone: 'error', text: `Error changing week ${week.week}: ${errorDetail(error)}` });
                  onClose();
                },
              },
            )
          }
        >
          {mark.isPending ? 'Saving...' : `Change to ${target}`}
        </button>
      </div>
    </Modal>
  );
}
