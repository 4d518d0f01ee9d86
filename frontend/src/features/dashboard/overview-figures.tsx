import { formatMoney } from '@/lib/money';
import { type DashboardStats } from '@/features/dashboard/api/use-dashboard-stats';
import { SummaryTile } from '@/features/dashboard/summary-tile';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/components/admin-overview.css';
import { formatCount, plural } from '@/lib/plural';

/** The four cards: players, active loans, active savings, solo dividends. */
export function OverviewFigures({ stats }: { stats: DashboardStats }) {
  return (
    <div className="summary-grid" aria-label="Bank figures" role="group">
      <SummaryTile
        label="Total Players"
        value={formatCount(stats.total_players)}
        sub={plural(stats.bad_payers, 'bad payer', 'bad payers')}
        testId="overview-players"
      />
      <SummaryTile
        label="Active Loans"
        value={formatCount(stats.active_loans)}
        sub={`${formatMoney(stats.total_loan_value)} total value`}
        testId="overview-loans"
      />
      <SummaryTile
        label="Active Savings"
        value={formatCount(stats.active_savings)}
        sub={`${formatMoney(stats.total_savings_value)} total value`}
        testId="overview-savings"
      />
      <SummaryTile label="Solo Dividends" value={formatMoney(stats.solo_dividends)} sub="35% Loan Interest from paid loans" testId="overview-dividends" gold />
    </div>
  );
}
