import { lazy, Suspense } from 'react';
import { StatBox } from '@/components/stat-box';
import { Icon } from '@/components/icon';
import { ProgressBar } from '@/components/progress-bar';
import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { loanBadgeTone, loanRateText, type PlayerLoan } from '@/lib/loans';
import { formatPercentPoints } from '@/lib/percent';
import { plural } from '@/lib/plural';
import '@/components/bank-ui.css';

// chart.js is large: it loads with the first loan card, never with the dashboard itself.
const LoanChart = lazy(() =>
  import(/* webpackChunkName: "loan-chart" */ '@/features/loans/loan-chart').then((module) => ({ default: module.LoanChart })),
);

export function LoanCard({ loan, rateDecimals, paidDecimals }: { loan: PlayerLoan; rateDecimals?: number; paidDecimals?: number }) {
  const percent = loan.paid_percent;
  const { chart } = loan;
  return (
    <article className="card item-card" aria-labelledby={`loan-${loan.id}-title`} data-testid={`loan-card-${loan.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="creditCard" />
          </span>
          <div>
            <h3 className="item-card__title" id={`loan-${loan.id}-title`}>
              Loan #{loan.id}
            </h3>
            <p className="item-card__meta">
              {formatMoney(loan.value)} at {loanRateText(loan, rateDecimals)} · total {formatMoney(loan.total_to_pay)}
            </p>
          </div>
        </div>
        <span className={`badge badge--${loanBadgeTone(loan)}`}>{loan.status}</span>
      </header>

      <div className="paid-progress">
        <div className="paid-progress__row">
          <span>
            <strong>{formatPercentPoints(percent, paidDecimals)}</strong> paid
          </span>
          <span className="muted">
            {formatMoney(loan.amount_paid)} of {formatMoney(loan.total_to_pay)}
          </span>
        </div>
        <ProgressBar label={`Loan #${loan.id} paid`} percent={percent} />
      </div>

      <dl className="stat-grid">
        <StatBox
          label="Amount Paid"
          value={formatMoney(loan.amount_paid)}
          sub={plural(loan.payments_made, 'payment made', 'payments made')}
          tone="success"
        />
        <StatBox
          label="Remaining Amount"
          value={formatMoney(loan.remaining)}
          sub={plural(loan.missed_payments, 'missed payment', 'missed payments')}
          tone="gold"
        />
        <StatBox label="Daily Payment" value={formatMoney(loan.daily_payment)} sub={<>for {plural(loan.total_days, 'day')}</>} />
        <StatBox label="Start Date" value={formatDay(loan.start_date)} />
        <StatBox label="Days Passed" value={<>{loan.days_passed} / {loan.total_days}</>} />
        {loan.status === 'Active' && (
          <>
            <StatBox
              label="Due Today"
              value={formatMoney(loan.due_today)}
              sub={loan.due_today > 0 ? "today's day" : 'nothing more today'}
              testId={`loan-${loan.id}-due-today`}
            />
            <StatBox
              label="In Arrears"
              value={formatMoney(loan.arrears)}
              sub={loan.arrears > 0 ? `${plural(loan.arrears_days, 'day')} behind` : 'up to date'}
              tone={loan.arrears > 0 ? 'gold' : 'success'}
              testId={`loan-${loan.id}-arrears`}
            />
          </>
        )}
      </dl>

      <section className="chart-panel" aria-label={`Loan #${loan.id} payments chart`}>
        <h4 className="chart-panel__title">
          <Icon name="chart" size={16} /> Amount Paid vs Remaining Amount
          <span className="muted"> · first {plural(chart.amount_paid.length, 'day')}</span>
        </h4>
        <Suspense fallback={<div className="loan-chart loan-chart--loading">Loading chart...</div>}>
          <LoanChart loanId={loan.id} chart={chart} />
        </Suspense>
        {chart.recorded_days < chart.amount_paid.length && (
          <p className="muted chart-panel__note">Dashed lines show the plan if every remaining day is paid.</p>
        )}
      </section>
      {loan.admin_notes && <p className="item-card__reason">Note: {loan.admin_notes}</p>}
    </article>
  );
}
