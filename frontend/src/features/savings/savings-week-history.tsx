import { type Notice } from '@/components/notice';
import { ErrorBlock } from '@/components/error-block';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatMoney } from '@/lib/money';
import type { SavingsRow } from '@/lib/savings';
import { useSavingsDetail } from '@/features/savings/api/use-savings-detail';
import { ChangeLatestWeekButton } from '@/features/savings/change-latest-week-button';
import '@/components/bank-ui.css';
import '@/components/credit.css';

export function SavingsWeekHistory({ savings, onNotice }: { savings: SavingsRow; onNotice: (n: Notice) => void }) {
  const detail = useSavingsDetail(savings.id);
  const weeks = detail.data?.payments_history ?? [];
  return (
    <section className="inline-panel" aria-label={`Payment history of savings #${savings.id}`}>
      <p className="inline-panel__title">
        Payment history
        {detail.data && ` · ${detail.data.paid_weeks} paid, ${detail.data.not_paid_weeks} not paid`}
      </p>
      {detail.data?.latest_week && detail.data.status === 'Active' && (
        <p className="muted">Only the latest recorded week can change: every later week&apos;s interest depends on it.</p>
      )}
      {detail.isPending ? (
        <p className="muted">Loading payment history...</p>
      ) : detail.isError ? (
        <ErrorBlock message={`Error loading payment history: ${errorDetail(detail.error)}`} onRetry={() => void detail.refetch()} />
      ) : weeks.length === 0 ? (
        <p className="muted">No weeks recorded yet.</p>
      ) : (
        <ul className="history-list">
          {[...weeks].reverse().map((week) => {
            const notes = [
              week.interest_compounded > 0 && `+${formatMoney(week.interest_compounded)} compounded`,
              week.auto_processed && 'auto-processed',
              week.reverted_from && `changed from ${week.reverted_from}`,
            ].filter(Boolean);
            const latest = detail.data?.status === 'Active' && detail.data.latest_week?.week === week.week;
            return (
              <li key={week.week} className="history-list__item">
                <span>
                  Week {week.week} · {formatDay(week.date)}
                </span>
                <span className={`badge badge--${week.status === 'Paid' ? 'success' : 'error'}`}>{week.status}</span>
                <strong>{formatMoney(week.interest)}</strong>
                {(notes.length > 0 || latest) && (
                  <div className="history-list__more">
                    <span className="muted">{notes.join(' · ')}</span>
                    {latest && detail.data && <ChangeLatestWeekButton savings={detail.data} week={week} onNotice={onNotice} />}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
