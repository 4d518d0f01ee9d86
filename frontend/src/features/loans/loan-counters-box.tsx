import { StatBox } from '@/components/stat-box';
import { formatMoney } from '@/lib/money';
import { type LoanCounters } from '@/features/loans/api/use-check-loans';
import '@/components/bank-ui.css';
import '@/components/credit.css';

export function LoanCountersBox({ counters }: { counters: LoanCounters }) {
  return (
    <dl className="stat-grid stat-grid--counters" aria-label="Active loans today">
      <StatBox label="Paid Today" value={counters.paid_today} tone="success" />
      <StatBox label="Not Paid Today" value={counters.not_paid_today} />
      {/* two figures of their own: the server counts loans starting today apart from those with a payment due */}
      <StatBox label="Payment Due" value={counters.upcoming} />
      <StatBox label="Starting Today" value={counters.start_today} sub="day 1 due today" />
      <StatBox label="Period Over" value={counters.period_over} />
      <StatBox label="Total Lent (Active)" value={formatMoney(counters.total_value)} tone="gold" />
    </dl>
  );
}
