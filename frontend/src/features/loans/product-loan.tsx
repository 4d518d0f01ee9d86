import { useState } from 'react';
import { useMay } from '@/features/officers';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { loanBadgeTone, loanRateText, type ListingStatus, type PlayerLoan } from '@/lib/loans';
import { LoanMarkButtons } from '@/features/loans/loan-payment-actions';
import { PayOffModal } from '@/features/loans/pay-off-modal';
import { LoanEditForm } from '@/features/loans/loan-edit-form';
import { WriteOffButton } from '@/features/loans/write-off-button';
import { WriteOffModal } from '@/features/loans/write-off-modal';

// as Check Loans colours a loan's day
const LISTING_TONE: Record<ListingStatus, string> = {
  paid_today: 'success',
  not_paid_today: 'error',
  start_today: 'neutral',
  period_over: 'error',
  upcoming: 'warning',
};

export function ProductLoan({ loan, rateDecimals }: { loan: PlayerLoan; rateDecimals: number }) {
  const [editing, setEditing] = useState(false);
  const [payingOff, setPayingOff] = useState(false);
  const mayEdit = useMay('edit_product');
  const mayPayOff = useMay('pay_off');
  const mayWriteOff = useMay('write_off');
  // Write Off ends the actions row when it shows; Pay Off does otherwise
  const offersWriteOff = mayWriteOff && loan.remaining > 0;
  const [writingOff, setWritingOff] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const active = loan.status === 'Active';
  return (
    <li className="product-row" data-testid={`product-loan-${loan.id}`}>
      <div className="product-row__main">
        <div className="product-row__title">
          <strong>Loan #{loan.id}</strong>
          <span className={`badge badge--${loanBadgeTone(loan)}`}>{loan.status}</span>
          {active && loan.listing_status && (
            <span className={`badge badge--wraps badge--${LISTING_TONE[loan.listing_status]}`} data-testid="listing-status">
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
          {offersWriteOff && (
            <WriteOffButton
              onOpen={() => {
                setNotice(null);
                setWritingOff(true);
              }}
            />
          )}
          {mayPayOff && (
            <button
              type="button"
              className={offersWriteOff ? 'btn btn--danger btn--small' : 'btn btn--danger btn--small actions-row__end'}
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
      {writingOff && <WriteOffModal loan={loan} onClose={() => setWritingOff(false)} onDone={setNotice} />}
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
