import { useState } from 'react';
import { Icon } from '@/components/icon';
import type { Notice } from '@/components/notice';
import type { SavingsWeek } from '@/lib/savings';
import { type MarkedSavings, OTHER_STATUS } from '@/features/savings/savings-payment-actions';
import { ChangeWeekModal } from '@/features/savings/change-week-modal';
import '@/components/bank-ui.css';

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
