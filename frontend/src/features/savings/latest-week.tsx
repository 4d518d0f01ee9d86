import type { Notice } from '@/components/notice';
import { formatDay } from '@/lib/dates';
import { type MarkedSavings } from '@/features/savings/savings-payment-actions';
import { ChangeLatestWeekButton } from '@/features/savings/change-latest-week-button';
import '@/components/bank-ui.css';

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
