import { useState } from 'react';
import { useMay } from '@/features/officers/officer-role';
import { ACTION_LEAST_ROLE } from '@/lib/officers';
import { Icon } from '@/components/icon';
import { InlineFormActions } from '@/components/inline-form-actions';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ErrorBlock, LoadingBlock } from '@/components/status-block';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { formatDateTime, formatDay } from '@/lib/dates';
import { formatMoney, parseAmount } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import {
  fractionToPercentText,
  loanBadgeTone,
  loanRateText,
  parseDays,
  pendingStatusLabel,
  percentToFraction,
  type ListingStatus,
  type Loan,
  type PlayerLoan,
} from '@/lib/loans';
import { formatPercent, listDecimals } from '@/lib/percent';
import { formatCount, plural } from '@/lib/plural';
import { useEditLoan } from '@/features/loans/api/use-edit-loan';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { usePlayerProducts } from '@/features/loans/api/use-player-products';
import { LoanMarkButtons } from '@/features/admin/loan-payment-actions';
import { PayOffModal } from '@/features/admin/pay-off-modal';
import { ProductSavingsList } from '@/features/admin/product-savings';
import '@/components/bank-ui.css';

const LOAN_UPDATED = 'Loan updated successfully!';
const RATE_NOT_A_NUMBER = 'Interest rate must be a number of percent, such as 30';

const REQUEST_TONE: Record<string, string> = { pending: 'warning', approved: 'success', denied: 'error' };

// as Check Loans colours a loan's day
const LISTING_TONE: Record<ListingStatus, string> = {
  paid_today: 'success',
  not_paid_today: 'error',
  start_today: 'neutral',
  period_over: 'error',
  upcoming: 'warning',
};

function LoanEditForm({ loan, onDone, onCancel }: { loan: Loan; onDone: (notice: Notice) => void; onCancel: () => void }) {
  const [value, setValue] = useState(String(loan.value));
  const [rate, setRate] = useState(fractionToPercentText(loan.interest_rate));
  const [days, setDays] = useState(String(loan.total_days));
  const [notes, setNotes] = useState(loan.admin_notes);
  const [notice, setNotice] = useState<Notice>(null);
  const edit = useEditLoan();
  const limits = useLoanLimits().data;

  return (
    <form
      className="inline-panel"
      aria-label={`Edit loan #${loan.id}`}
      onSubmit={(event) => {
        event.preventDefault();
        const fraction = percentToFraction(rate);
        if (rate.trim() !== '' && fraction === null) {
          setNotice({ tone: 'error', text: RATE_NOT_A_NUMBER });
          return;
        }
        edit.mutate(
          {
            loanId: loan.id,
            value: parseAmount(value) ?? value.trim(),
            interest_rate: fraction ?? undefined,
            total_days: parseDays(days) ?? days.trim(),
            admin_notes: notes,
          },
          {
            onSuccess: () => onDone({ tone: 'success', text: LOAN_UPDATED }),
            onError: (error) => setNotice({ tone: 'error', text: `Error updating loan: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">Edit loan #{loan.id}</p>
      <div className="inline-form inline-form--top">
        <TextField
          label="Amount"
          value={value}
          onChange={setValue}
          inputMode="text"
          autoComplete="off"
          hint={limits && `${formatMoney(limits.min_amount)} to ${formatMoney(limits.max_amount)}`}
        />
        <TextField
          label="Interest rate (%)"
          value={rate}
          onChange={setRate}
          inputMode="decimal"
          autoComplete="off"
          hint={limits && `Whole term, at most ${formatPercent(limits.max_rate)}`}
        />
        <TextField
          label="Total days"
          type="number"
          min={limits?.min_days}
          max={limits?.max_days}
          step={1}
          value={days}
          onChange={setDays}
          hint={limits && `${formatCount(limits.min_days)} to ${plural(limits.max_days, 'day')}`}
        />
        <div className="field--wide">
          <TextAreaField label="Admin notes" value={notes} onChange={setNotes} maxLength={limits?.notes_max_length} rows={2} />
        </div>
        <NoticeBanner notice={notice} className="field--wide" />
        <InlineFormActions saveLabel="Save Changes" saving={edit.isPending} onCancel={onCancel} />
      </div>
    </form>
  );
}

function ProductLoan({ loan, rateDecimals }: { loan: PlayerLoan; rateDecimals: number }) {
  const [editing, setEditing] = useState(false);
  const [payingOff, setPayingOff] = useState(false);
  const mayEdit = useMay(ACTION_LEAST_ROLE.editProduct);
  const mayPayOff = useMay(ACTION_LEAST_ROLE.payOff);
  const [notice, setNotice] = useState<Notice>(null);
  const active = loan.status === 'Active';
  return (
    <li className="product-row" data-testid={`product-loan-${loan.id}`}>
      <div className="product-row__main">
        <div className="product-row__title">
          <strong>Loan #{loan.id}</strong>
          <span className={`badge badge--${loanBadgeTone(loan)}`}>{loan.status}</span>
          {active && loan.listing_status && (
            <span className={`badge badge--${LISTING_TONE[loan.listing_status]}`} data-testid="listing-status">
              {loan.status_text}
            </span>
          )}
        </div>
        <p className="product-row__facts">
          {formatMoney(loan.value)} at {loanRateText(loan, rateDecimals)} · {formatMoney(loan.total_to_pay)} to pay,{' '}
          {formatMoney(loan.daily_payment)} a day · started {formatDay(loan.start_date)} · {formatMoney(loan.amount_paid)} paid,{' '}
          {formatMoney(loan.remaining)} remaining
        </p>
        {loan.admin_notes && <p className="muted">Notes: {loan.admin_notes}</p>}
      </div>
      {loan.status === 'Active' && !editing && mayEdit && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-label={`Edit loan #${loan.id}`}
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
        <div className="product-row__wide actions-row" role="group" aria-label={`Payments of loan #${loan.id}`}>
          <LoanMarkButtons loan={loan} onNotice={setNotice} />
          {mayPayOff && (
            <button
              type="button"
              className="btn btn--danger btn--small actions-row__end"
              onClick={() => {
                setNotice(null);
                setPayingOff(true);
              }}
            >
              <Icon name="checkCircle" size={16} />
              Mark Paid Off
            </button>
          )}
        </div>
      )}
      {payingOff && <PayOffModal loan={loan} onClose={() => setPayingOff(false)} onDone={setNotice} />}
      {editing && (
        <div className="product-row__wide">
          <LoanEditForm
            loan={loan}
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

/**
 * View Products, a teller's desk for one player: each loan and savings account with its day or week
 * to mark Paid or Not Paid (and Mark Paid Off), as Check Loans and Check Savings do, the inline edit
 * forms, and the loan requests.
 */
export function PlayerProducts({ playerId }: { playerId: number }) {
  const products = usePlayerProducts(playerId);
  if (products.isPending) return <LoadingBlock message="Loading products..." />;
  if (products.isError) {
    return <ErrorBlock message={`Error loading products: ${errorDetail(products.error)}`} onRetry={() => void products.refetch()} />;
  }
  const { loans, pending_loans: requests, savings } = products.data;
  // one list, one format: every loan's and request's whole-term rate with the same decimals
  const rateDecimals = listDecimals([...loans, ...requests].map((item) => item.interest_rate));
  return (
    <div className="products">
      <h4 className="section-title">
        <Icon name="creditCard" size={16} /> Loans <span className="badge badge--neutral">{loans.length}</span>
      </h4>
      {loans.length === 0 ? (
        <p className="muted">No loans yet.</p>
      ) : (
        <ul className="product-list" aria-label="Loans">
          {loans.map((loan) => (
            <ProductLoan key={loan.id} loan={loan} rateDecimals={rateDecimals} />
          ))}
        </ul>
      )}
      <h4 className="section-title">
        <Icon name="inbox" size={16} /> Loan requests <span className="badge badge--neutral">{requests.length}</span>
      </h4>
      {requests.length === 0 ? (
        <p className="muted">No loan requests.</p>
      ) : (
        <ul className="product-list" aria-label="Loan requests">
          {requests.map((request) => (
            <li key={request.id} className="product-row">
              <div className="product-row__main">
                <div className="product-row__title">
                  <strong>Request #{request.id}</strong>
                  <span className={`badge badge--${REQUEST_TONE[request.status] ?? 'warning'}`}>{pendingStatusLabel(request.status)}</span>
                </div>
                <p className="product-row__facts">
                  {formatMoney(request.value)} at {loanRateText(request, rateDecimals)} · {formatMoney(request.total_to_pay)} to pay ·{' '}
                  {formatDateTime(request.request_date)}
                </p>
                {request.request_reason && <p className="muted">Reason: {request.request_reason}</p>}
                {request.admin_notes && <p className="muted">Admin notes: {request.admin_notes}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <h4 className="section-title">
        <Icon name="coins" size={16} /> Savings <span className="badge badge--neutral">{savings.length}</span>
      </h4>
      <ProductSavingsList savings={savings} />
    </div>
  );
}
