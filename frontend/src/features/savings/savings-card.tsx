import { Icon } from '@/components/icon';
import { StatBox } from '@/components/stat-box';
import { formatDay } from '@/lib/dates';
import { formatPercent } from '@/lib/percent';
import { formatMoney } from '@/lib/money';
import { savingsBadgeTone, type Savings } from '@/lib/savings';
import '@/components/bank-ui.css';

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
