import { EmptyState } from '@/components/empty-state';
import { StatBox } from '@/components/stat-box';
import { listDecimals } from '@/lib/percent';
import { formatMoney } from '@/lib/money';
import type { Me } from '@/features/players';
import { BankDataGate, StatementDownload } from '@/features/loans';
import { SavingsCard } from '@/features/savings/savings-card';
import { SavingsOutlook } from '@/features/savings/savings-outlook';
import '@/components/bank-ui.css';

const NO_SAVINGS = 'You have no savings accounts';

export function MySavingsTab({ me }: { me: Me }) {
  return (
    <BankDataGate me={me}>
      {(data) =>
        data.savings.length === 0 ? (
          <div className="stack">
            <EmptyState icon="coins" title={NO_SAVINGS} text="An administrator opens savings accounts for you; they show here with their weekly earnings." />
            <StatementDownload />
          </div>
        ) : (
          <div className="stack">
            <dl className="stat-grid stat-grid--counters" aria-label="Savings summary">
              <StatBox label="Total Savings Accounts" value={data.summary.savings_count} />
              <StatBox label="Total Payments Received" value={data.summary.savings_payments_received} />
              <StatBox
                label="Total Earnings"
                value={formatMoney(data.summary.savings_total_earnings)}
                sub="from paid payments"
                tone="success"
              />
            </dl>
            <SavingsOutlook enabled={me.player !== null} />
            {data.savings.map((savings) => (
              <SavingsCard key={savings.id} savings={savings} rateDecimals={listDecimals(data.savings.map((account) => account.interest_rate))} />
            ))}
            <StatementDownload />
          </div>
        )
      }
    </BankDataGate>
  );
}
