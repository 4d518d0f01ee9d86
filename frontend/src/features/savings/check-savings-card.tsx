import { useState } from 'react';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { formatDay } from '@/lib/dates';
import { formatPercent } from '@/lib/percent';
import { formatMoney } from '@/lib/money';
import type { SavingsListingStatus, SavingsRow } from '@/lib/savings';
import { LatestWeek } from '@/features/savings/latest-week';
import { SavingsMarkButtons } from '@/features/savings/savings-mark-buttons';
import { ChangeSavingsDateForm } from '@/features/savings/change-savings-date-form';
import { SavingsWeekHistory } from '@/features/savings/savings-week-history';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const LISTING_TONE: Record<SavingsListingStatus, string> = { overdue: 'error', due_today: 'warning', upcoming: 'neutral' };

type Panel = 'date' | 'history' | null;

export function CheckSavingsCard({ savings, rateDecimals }: { savings: SavingsRow; rateDecimals: number }) {
  const [panel, setPanel] = useState<Panel>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const toggle = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };
  return (
    <article className="card item-card" aria-labelledby={`check-savings-${savings.id}-title`} data-testid={`check-savings-${savings.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="coins" />
          </span>
          <div>
            <h3 className="item-card__title" id={`check-savings-${savings.id}-title`}>
              {savings.player_name} · Savings #{savings.id}
            </h3>
            <p className="item-card__meta">
              Balance {formatMoney(savings.invested_value)} · opened {formatDay(savings.start_date)} · week {savings.next_week} next
            </p>
          </div>
        </div>
        <span className={`badge badge--wraps badge--${savings.listing_status ? LISTING_TONE[savings.listing_status] : 'neutral'}`} data-testid="listing-status">
          {savings.status_text}
        </span>
      </header>
      <dl className="stat-grid">
        <StatBox label="Principal" value={formatMoney(savings.principal)} />
        <StatBox label="Weekly Rate" value={formatPercent(savings.weekly_rate, rateDecimals)} />
        <StatBox label="Weekly Payment Due" value={formatMoney(savings.weekly_payment)} tone="gold" />
        <StatBox label="Next Payment Date" value={savings.next_payment_date ? formatDay(savings.next_payment_date) : '—'} />
      </dl>
      <div className="actions-row" role="group" aria-label={`Actions for savings #${savings.id}`}>
        <SavingsMarkButtons savings={savings} onNotice={setNotice} />
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'date'} onClick={() => toggle('date')}>
          <Icon name="calendar" size={16} />
          Change Date
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'history'} onClick={() => toggle('history')}>
          <Icon name="history" size={16} />
          History
        </button>
      </div>
      <LatestWeek savings={savings} onNotice={setNotice} />
      <NoticeBanner notice={notice} />
      {panel === 'date' && <ChangeSavingsDateForm savings={savings} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'history' && <SavingsWeekHistory savings={savings} onNotice={setNotice} />}
    </article>
  );
}
