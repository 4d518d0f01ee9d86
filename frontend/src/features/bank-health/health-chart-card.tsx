import { lazy, Suspense } from 'react';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import type { BankHealth } from '@/features/bank-health/api/use-bank-health';
import { chartSummary, formatChange, formatFigure, type HealthChartSpec } from '@/features/bank-health/health-figures';

// chart.js is large: it loads with Bank Health's first chart, never with the first page or the admin panel.
const HealthChart = lazy(() =>
  import(/* webpackChunkName: "health-chart" */ '@/features/bank-health/health-chart').then((module) => ({ default: module.HealthChart })),
);

/** One chart of Bank Health with each of its figures on the last day and their change over the range. */
export function HealthChartCard({ spec, health }: { spec: HealthChartSpec; health: BankHealth }) {
  const { latest, change } = health;
  const summary = chartSummary(spec, health);
  return (
    <Card title={spec.title} icon={<Icon name="chart" />}>
      <section aria-label={`${spec.title} chart`} data-testid={`health-chart-${spec.id}`}>
        <dl className="health-figures">
          {spec.series.map((series) => (
            <div key={series.key} className="health-figure">
              <dt>{series.label}</dt>
              <dd>
                {latest ? formatFigure(spec.unit, latest[series.key]) : '—'}{' '}
                <span className="health-figure__change">{change ? formatChange(spec.unit, change[series.key]) : ''}</span>
              </dd>
            </div>
          ))}
        </dl>
        <Suspense fallback={<div className="loan-chart health-chart loan-chart--loading">Loading chart...</div>}>
          <HealthChart spec={spec} rows={health.rows} summary={summary} />
        </Suspense>
      </section>
    </Card>
  );
}
