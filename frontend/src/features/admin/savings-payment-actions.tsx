import { useState } from 'react';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import type { Notice } from '@/components/notice';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { SavingsRow, SavingsWeek, SavingsWeekStatus } from '@/lib/savings';
import { useMarkSavingsPayment, type SavingsMark } from '@/features/savings/api/use-savings-actions';
import '@/components/bank-ui.css';

/** An account the buttons act on: the fields they name it by and read its weeks from. */
type MarkedSavings = Pick<SavingsRow, 'id' | 'status' | 'latest_week'>;

const OTHER_STATUS: Record<SavingsWeekStatus, SavingsWeekStatus> = { Paid: 'Not Paid', 'Not Paid': 'Paid' };

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
        onSuccess: (answer) => onNotice({ tone: 'success', text: answer.detail }),
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

/** What changing the latest week did, in the words of the server's answer (`reverted`, `balance_change`). */
export function weekChangedMessage(answer: Pick<SavingsMark, 'week' | 'status' | 'changed' | 'reverted' | 'balance_change'>): string {
  if (!answer.changed) return `Week ${answer.week} was already ${answer.status}: nothing changed.`;
  if (answer.reverted) {
    return `Week ${answer.week} changed to Paid: the ${formatMoney(-answer.balance_change)} of interest it had added was taken back out of the balance.`;
  }
  return `Week ${answer.week} changed to ${answer.status}: its interest of ${formatMoney(answer.balance_change)} was added to the balance.`;
}

function ChangeWeekModal({
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
      <div className="modal__actions">
        <button type="button" className="btn btn--secondary" onClick={onClose} disabled={mark.isPending}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={mark.isPending}
          onClick={() =>
            mark.mutate(
              { savingsId, status: target, week: week.week },
              {
                onSuccess: (answer) => {
                  onDone({ tone: 'success', text: weekChangedMessage(answer) });
                  onClose();
                },
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

/**
 * "Change to Paid" / "Change to Not Paid" on the latest recorded week, after a confirmation that
 * says what happens to its interest: a mistaken Not Paid is undone here (docs/rules.md, Savings).
 */
export function ChangeLatestWeekButton({
  savings,
  week,
  onNotice,
}: {
  savings: MarkedSavings;
  /** the week the button sits by; it shows only when that is the account's latest recorded week */
  week?: SavingsWeek;
  onNotice: (notice: Notice) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const latest = savings.latest_week;
  if (savings.status !== 'Active' || !latest || (week && week.week !== latest.week)) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary btn--small"
        onClick={() => {
          onNotice(null);
          setConfirming(true);
        }}
      >
        <Icon name="history" size={16} />
        Change to {OTHER_STATUS[latest.status]}
      </button>
      {confirming && <ChangeWeekModal savingsId={savings.id} week={latest} onClose={() => setConfirming(false)} onDone={onNotice} />}
    </>
  );
}

/** The latest recorded week of an active account, with the button that changes it. */
export function LatestWeek({ savings, onNotice }: { savings: MarkedSavings; onNotice: (notice: Notice) => void }) {
  const latest = savings.latest_week;
  if (savings.status !== 'Active' || !latest) return null;
  return (
    <div className="latest-week" role="group" aria-label={`Latest recorded week of savings #${savings.id}`}>
      <span>
        Latest recorded: week {latest.week} · due {formatDay(latest.date)}
      </span>
      <span className={`badge badge--${latest.status === 'Paid' ? 'success' : 'error'}`}>{latest.status}</span>
      <ChangeLatestWeekButton savings={savings} onNotice={onNotice} />
    </div>
  );
}
