import { useState } from 'react';
import { useMay } from '@/features/officers';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { formatPercent } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { Savings, SavingsListingStatus } from '@/lib/savings';
import { LatestWeek } from '@/features/savings/latest-week';
import { SavingsMarkButtons } from '@/features/savings/savings-mark-buttons';
import { SavingsEditForm } from '@/features/savings/savings-edit-form';

// as Check Savings colours an account's week
const LISTING_TONE: Record<SavingsListingStatus, string> = { overdue: 'error', due_today: 'warning', upcoming: 'neutral' };

export function ProductSavingsRow({ savings, rateDecimals }: { savings: Savings; rateDecimals: number }) {
  const [editing, setEditing] = useState(false);
  const mayEdit = useMay('edit_product');
  const [notice, setNotice] = useState<Notice>(null);
  const active = savings.status === 'Active';
  return (
    <li className="product-row" data-testid={`product-savings-${savings.id}`}>
      <div className="product-row__main">
        <div className="product-row__title">
          <strong>Savings #{savings.id}</strong>
          <span className={`badge badge--${active ? 'success' : 'error'}`}>{savings.status}</span>
          {active && savings.listing_status && (
            <span className={`badge badge--wraps badge--${LISTING_TONE[savings.listing_status]}`} data-testid="listing-status">
              {savings.status_text}
            </span>
          )}
        </div>
        <p className="product-row__facts">
          {formatMoney(savings.invested_value)} at {formatPercent(savings.interest_rate, rateDecimals)} a week (
          {formatMoney(savings.weekly_payment)} a week) · first invested {formatMoney(savings.principal)} · started{' '}
          {formatDay(savings.start_date)} · {plural(savings.payments_count, 'week')} recorded
          {savings.next_payment_date && ` · next due ${formatDay(savings.next_payment_date)}`}
        </p>
        {savings.admin_notes && <p className="muted">Notes: {savings.admin_notes}</p>}
      </div>
      {savings.status === 'Active' && !editing && mayEdit && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={`Edit savings #${savings.id}`}
          onClick={() => {
            setNotice(null);
            setEditing(true);
          }}
        >
          <Icon name="edit" size={16} />
          Edit
        </button>
      )}
      {active && (
        <div className="product-row__wide product-row__payments">
          <div className="actions-row" role="group" aria-label={`Payments of savings #${savings.id}`}>
            <SavingsMarkButtons savings={savings} onNotice={setNotice} />
          </div>
          <LatestWeek savings={savings} onNotice={setNotice} />
        </div>
      )}
      {editing && (
        <div className="product-row__wide">
          <SavingsEditForm
            savings={savings}
            onCancel={() => setEditing(false)}
            onDone={(next) => {
              setNotice(next);
              setEditing(false);
            }}
          />
        </div>
      )}
      {notice && (
        <div className="product-row__wide">
          <NoticeBanner notice={notice} />
        </div>
      )}
    </li>
  );
}
