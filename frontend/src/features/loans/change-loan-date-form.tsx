import { useState } from 'react';
import { InlineFormActions } from '@/components/inline-form-actions';
import { type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { formatDay, isIsoDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { type CheckedLoan } from '@/lib/loans';
import { onChangeAnswer } from '@/lib/officers';
import { useChangeLoanDate } from '@/features/loans/api/use-change-loan-date';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const BAD_DATE_FORMAT = 'Invalid date format. Please use YYYY-MM-DD';

export function ChangeLoanDateForm({ loan, onNotice, onClose }: { loan: CheckedLoan; onNotice: (n: Notice) => void; onClose: () => void }) {
  const [value, setValue] = useState(loan.start_date);
  const change = useChangeLoanDate();
  // the window comes from the server, which checks it again (admin-side §9)
  const limits = useLoanLimits().data;
  return (
    <form
      className="inline-panel"
      aria-label={`Change the start date of loan #${loan.id}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const newDate = value.trim();
        if (!isIsoDay(newDate)) {
          onNotice({ tone: 'error', text: BAD_DATE_FORMAT });
          return;
        }
        change.mutate(
          { loanId: loan.id, newDate },
          {
            // waiting for a second officer: the form stays open under the server's words
            onSuccess: onChangeAnswer((updated) => {
              onNotice({ tone: 'success', text: `Start date changed to ${formatDay(updated.start_date)}` });
              onClose();
            }, onNotice),
            onError: (error) => onNotice({ tone: 'error', text: `Error changing date: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">Change start date</p>
      <div className="inline-form">
        <TextField
          label="New start date (YYYY-MM-DD)"
          type="date"
          value={value}
          onChange={setValue}
          min={limits?.start_date_min}
          max={limits?.start_date_max}
          hint={limits && `From ${formatDay(limits.start_date_min)} to ${formatDay(limits.start_date_max)}`}
        />
        <InlineFormActions saveLabel="Save Date" saving={change.isPending} onCancel={onClose} />
      </div>
    </form>
  );
}
