import { lazy, Suspense } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { errorDetail } from '@/lib/errors';
import { plural } from '@/lib/plural';
import { formatMoney } from '@/lib/money';
import { useMySavingsQuote } from '@/features/savings/api/use-savings-quote';
import '@/components/bank-ui.css';

// chart.js is large: it loads with the savings tab, never with the dashboard itself.
const SavingsChart = lazy(() =>
  import(/* webpackChunkName: "savings-chart" */ '@/features/savings/savings-chart').then((module) => ({ default: module.SavingsChart })),
);

/** The server's compounding of the player's active savings: this week, 12 weeks drawn, 12/24/52 projected. */
export function SavingsOutlook({ enabled }: { enabled: boolean }) {
  const quote = useMySavingsQuote({ enabled });
  if (quote.isPending) return <p className="muted">Loading your projections...</p>;
  if (quote.isError) return <p className="alert alert--error">Your projections could not be loaded: {errorDetail(quote.error)}</p>;
  const answer = quote.data;
  return (
    <div className="split">
      <Card title="Weekly Earnings" icon={<Icon name="chart" />}>
        <dl className="stat-grid stat-grid--compact">
          <StatBox label="Current Weekly Earnings" value={formatMoney(answer.current_weekly_earnings)} tone="success" testId="current-weekly-earnings" />
          <StatBox label="Active Balance" value={formatMoney(answer.current_balance)} />
        </dl>
        <section className="chart-panel" aria-label="Weekly earnings chart">
          <h4 className="chart-panel__title">
            <Icon name="chart" size={16} /> Weekly earnings, compounded
            <span className="muted"> · next {plural(answer.weekly_chart.length, 'week')}</span>
          </h4>
          <Suspense fallback={<div className="loan-chart loan-chart--loading">Loading chart...</div>}>
            <SavingsChart weeks={answer.weekly_chart} />
          </Suspense>
        </section>
      </Card>
      <Card title="Compounding Projections" icon={<Icon name="coins" />} tone="accent">
        <table className="rate-table" aria-label="Compounding projections">
          <thead>
            <tr>
              <th scope="col">Weeks</th>
              <th scope="col" className="num">
                Final Amount
              </th>
              <th scope="col" className="num">
                Total Earnings
              </th>
            </tr>
          </thead>
          <tbody>
            {answer.projections.map((projection) => (
              <tr key={projection.weeks}>
                <th scope="row">{plural(projection.weeks, 'week')}</th>
                <td>{formatMoney(projection.final_amount)}</td>
                <td>{formatMoney(projection.total_earnings)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">If every week is left to compound at your accounts&apos; weekly rates.</p>
      </Card>
    </div>
  );
}
