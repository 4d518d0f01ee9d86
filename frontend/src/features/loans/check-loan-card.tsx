import { useState } from 'react';
import { useMay } from '@/features/officers';
import { StatBox } from '@/components/stat-box';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ProgressBar } from '@/components/progress-bar';
import { formatDay } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { LoanRateValue } from '@/components/loan-rate-value';
import type { CheckedLoan, ListingStatus } from '@/lib/loans';
import { LoanMarkButtons } from '@/features/loans/loan-payment-actions';
import { ChangeLoanDateForm } from '@/features/loans/change-loan-date-form';
import { ChangeLoanDaysForm } from '@/features/loans/change-loan-days-form';
import { LoanPaymentHistory } from '@/features/loans/loan-payment-history';
import { WriteOffButton } from '@/features/loans/write-off-button';
import { WriteOffModal } from '@/features/loans/write-off-modal';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const LISTING_TONE: Record<ListingStatus, string> = {
  paid_today: 'success',
  not_paid_today: 'error',
  start_today: 'neutral',
  period_over: 'error',
  upcoming: 'warning',
};

type Panel = 'date' | 'days' | 'history' | 'auto' | null;

export function CheckLoanCard({
  loan,
  rateDecimals,
  onPayOff,
}: {
  loan: CheckedLoan;
  /** the decimals every whole-term rate of the list is written with */
  rateDecimals: number;
  onPayOff: (loan: CheckedLoan) => void;
}) {
  const [panel, setPanel] = useState<Panel>(null);
  const mayPayOff = useMay('pay_off');
  const mayWriteOff = useMay('write_off');
  // Write Off ends the actions row when it shows; Pay Off does otherwise
  const offersWriteOff = mayWriteOff && loan.remaining > 0;
  const [writingOff, setWritingOff] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const toggle = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };

  return (
    <article className="card item-card" aria-labelledby={`check-${loan.id}-title`} data-testid={`check-loan-${loan.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="creditCard" />
          </span>
          <div>
            <h3 className="item-card__title" id={`check-${loan.id}-title`}>
              {loan.player_name} · Loan #{loan.id}
            </h3>
            <p className="item-card__meta">
              {formatMoney(loan.value)} lent · {formatMoney(loan.amount_paid)} paid · {formatMoney(loan.remaining)} remaining
            </p>
          </div>
        </div>
        <span className={`badge badge--wraps badge--${LISTING_TONE[loan.listing_status] ?? 'neutral'}`} data-testid="listing-status">
          {loan.status_text}
        </span>
      </header>
      <ProgressBar label={`Loan #${loan.id} paid`} percent={loan.paid_percent} />
      <dl className="stat-grid stat-grid--three">
        <StatBox label="Total to Pay" value={formatMoney(loan.total_to_pay)} />
        <StatBox label="Daily Payment" value={formatMoney(loan.daily_payment)} />
        <StatBox label="Interest Rate" value={<LoanRateValue rate={loan} decimals={rateDecimals} />} testId="loan-rate" wide />
        <StatBox label="Loan Days" value={loan.total_days} />
        <StatBox label="Current Day" value={loan.current_day} />
        <StatBox label="Start Date" value={formatDay(loan.start_date)} wide />
      </dl>
      <div className="actions-row" role="group" aria-label={`Actions for loan #${loan.id}`}>
        <LoanMarkButtons loan={loan} onNotice={setNotice} />
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'date'} onClick={() => toggle('date')}>
          <Icon name="calendar" size={16} />
          Change Date
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'days'} onClick={() => toggle('days')}>
          <Icon name="edit" size={16} />
          Change Days
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'history'} onClick={() => toggle('history')}>
          <Icon name="history" size={16} />
          History
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'auto'} onClick={() => toggle('auto')}>
          <Icon name="info" size={16} />
          Auto Payments
        </button>
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
            onClick={() => onPayOff(loan)}
          >
            <Icon name="checkCircle" size={16} />
            Mark Paid Off
          </button>
        )}
      </div>
      {writingOff && <WriteOffModal loan={loan} onClose={() => setWritingOff(false)} onDone={setNotice} />}
      <NoticeBanner notice={notice} />
      {panel === 'date' && <ChangeLoanDateForm loan={loan} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'days' && <ChangeLoanDaysForm loan={loan} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'history' && <LoanPaymentHistory loan={loan} />}
      {panel === 'auto' && (
        <p className="note">
          <Icon name="info" size={18} />
          <span>
            Automatic payments are informational only: nothing is marked for you. Mark each day Paid or Not Paid here; a day
            marked again replaces its earlier entry.
          </span>
        </p>
      )}
    </article>
  );
}
