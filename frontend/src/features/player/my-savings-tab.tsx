import { lazy, Suspense } from 'react';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { formatPercent, listDecimals } from '@/lib/percent';
import { plural } from '@/lib/plural';
import { formatMoney } from '@/lib/money';
import { savingsBadgeTone, type Savings } from '@/lib/savings';
import type { Me } from '@/features/players/api/use-me';
import { BankDataGate } from '@/features/player/bank-data-gate';
import { useMySavingsQuote } from '@/features/savings/api/use-savings-quote';
import { StatementDownload } from '@/features/statements/statement-download';
import '@/components/bank-ui.css';

export const NO_SAVINGS = 'You have no savings accounts';

// chart.js is large: it loads with the savings tab, never with the dashboard itself.
const SavingsChart = lazy(() =>
  import(/* webpackChunkName: "savings-chart" */ '@/features/player/savings-chart').then((module) => ({ default: module.SavingsChart })),
);

export function SavingsCard({ savings, rateDecimals }: { savings: Savings; rateDecimals?: number }) {
  return (
    <article className="card item-card" aria-labelledby={`savings-${savings.id}-title`} data-testid={`savings-card-${savings.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="coins" />
          </span>
          <div>
            <h3 className="item-card__title" id={`savings-${savings.id}-title`}>
              Savings #{savings.id}
            </h3>
            <p className="item-card__meta">
              Opened {formatDay(savings.start_date)} with {formatMoney(savings.principal)}
            </p>
          </div>
        </div>
        <span className={`badge badge--${savingsBadgeTone(savings.status)}`}>{savings.status}</span>
      </header>
      <dl className="stat-grid">
        <StatBox label="Invested Amount" value={formatMoney(savings.invested_value)} tone="gold" />
        <StatBox label="Weekly Rate" value={formatPercent(savings.interest_rate, rateDecimals)} />
        <StatBox
          label="Payments"
          value={savings.payments_count}
          sub={`${savings.paid_weeks} paid · ${savings.not_paid_weeks} compounded`}
        />
        <StatBox label="Weekly Payment" value={formatMoney(savings.weekly_payment)} tone="success" />
        <StatBox
          label="Next Payment"
          value={savings.next_payment_date ? formatDay(savings.next_payment_date) : '—'}
          sub={savings.status === 'Active' ? savings.status_text : undefined}
        />
      </dl>
    </article>
  );
}

/** The server's compounding of the player's active savings: this week, 12 weeks drawn, 12/24/52 projected. */
function SavingsOutlook({ enabled }: { enabled: boolean }) {
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
