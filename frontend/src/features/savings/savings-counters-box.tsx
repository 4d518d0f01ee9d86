import { StatBox } from '@/components/stat-box';
import { formatMoney } from '@/lib/money';
import { type SavingsCounters } from '@/features/savings/api/use-check-savings';
import '@/components/bank-ui.css';
import '@/components/credit.css';

export function SavingsCountersBox({ counters }: { counters: SavingsCounters }) {
  return (
    <dl className="stat-grid stat-grid--counters" aria-label="Active savings this week">
      <StatBox label="Overdue" value={counters.overdue} testId="counter-overdue" />
      <StatBox label="Due Today" value={counters.due_today} testId="counter-due-today" />
      <StatBox label="Upcoming" value={counters.upcoming} testId="counter-upcoming" />
      <StatBox label="Total Saved (Active)" value={formatMoney(counters.total_value)} tone="gold" />
    </dl>
  );
}
