import { useState } from 'react';
import { useMay } from '@/features/officers/officer-role';
import { ACTION_LEAST_ROLE } from '@/lib/officers';
import { Icon } from '@/components/icon';
import { InlineFormActions } from '@/components/inline-form-actions';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { formatDay } from '@/lib/dates';
import { formatMoney, parseAmount } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { fractionToPercentText, percentToFraction } from '@/lib/loans';
import { formatPercent, listDecimals } from '@/lib/percent';
import { plural } from '@/lib/plural';
import type { Savings, SavingsListingStatus } from '@/lib/savings';
import { useEditSavings } from '@/features/savings/api/use-edit-savings';
import { LatestWeek } from '@/features/admin/latest-week';
import { SavingsMarkButtons } from '@/features/admin/savings-mark-buttons';
import '@/components/bank-ui.css';

// admin-side §8, word for word
const SAVINGS_UPDATED = 'Savings updated successfully!';
const WEEKLY_RATE_NOT_A_NUMBER = 'Interest rate must be a number of percent a week, such as 7';

// as Check Savings colours an account's week
const LISTING_TONE: Record<SavingsListingStatus, string> = { overdue: 'error', due_today: 'warning', upcoming: 'neutral' };

function SavingsEditForm({ savings, onDone, onCancel }: { savings: Savings; onDone: (notice: Notice) => void; onCancel: () => void }) {
  const [value, setValue] = useState(String(savings.invested_value));
  const [rate, setRate] = useState(fractionToPercentText(savings.interest_rate));
  const [notes, setNotes] = useState(savings.admin_notes ?? '');
  const [notice, setNotice] = useState<Notice>(null);
  const edit = useEditSavings();
  return (
    <form
      className="inline-panel"
      aria-label={`Edit savings #${savings.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        const fraction = percentToFraction(rate);
        if (rate.trim() !== '' && fraction === null) {
          setNotice({ tone: 'error', text: WEEKLY_RATE_NOT_A_NUMBER });
          return;
        }
        edit.mutate(
          { savingsId: savings.id, invested_value: parseAmount(value) ?? value.trim(), interest_rate: fraction ?? undefined, admin_notes: notes },
          {
            onSuccess: () => onDone({ tone: 'success', text: SAVINGS_UPDATED }),
            onError: (error) => setNotice({ tone: 'error', text: `Error updating savings: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">Edit savings #{savings.id}</p>
      <div className="inline-form inline-form--top">
        <TextField label="Principal" value={value} onChange={setValue} inputMode="text" autoComplete="off" hint={`The balance now; first invested ${formatMoney(savings.principal)}`} />
        <TextField label="Interest rate (%)" value={rate} onChange={setRate} inputMode="decimal" autoComplete="off" hint="Weekly, such as 7" />
        <div className="field--wide">
          <TextAreaField label="Admin notes" value={notes} onChange={setNotes} rows={2} />
        </div>
        <NoticeBanner notice={notice} className="field--wide" />
        <InlineFormActions saveLabel="Save Changes" saving={edit.isPending} onCancel={onCancel} />
      </div>
    </form>
  );
}

function ProductSavingsRow({ savings, rateDecimals }: { savings: Savings; rateDecimals: number }) {
  const [editing, setEditing] = useState(false);
  const mayEdit = useMay(ACTION_LEAST_ROLE.editProduct);
  const [notice, setNotice] = useState<Notice>(null);
  const active = savings.status === 'Active';
  return (
    <li className="product-row" data-testid={`product-savings-${savings.id}`}>
      <div className="product-row__main">
        <div className="product-row__title">
          <strong>Savings #{savings.id}</strong>
          <span className={`badge badge--${active ? 'success' : 'error'}`}>{savings.status}</span>
          {active && savings.listing_status && (
            <span className={`badge badge--${LISTING_TONE[savings.listing_status]}`} data-testid="listing-status">
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

/** View Products' savings accounts, each with the inline edit form (principal, weekly rate, notes). */
export function ProductSavingsList({ savings }: { savings: Savings[] }) {
  if (savings.length === 0) return <p className="muted">No savings yet.</p>;
  const rateDecimals = listDecimals(savings.map((account) => account.interest_rate));
  return (
    <ul className="product-list" aria-label="Savings">
      {savings.map((account) => (
        <ProductSavingsRow key={account.id} savings={account} rateDecimals={rateDecimals} />
      ))}
    </ul>
  );
}
