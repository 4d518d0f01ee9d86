import { useState } from 'react';
import { InlineFormActions } from '@/components/inline-form-actions';
import { type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { parseDays, type CheckedLoan } from '@/lib/loans';
import { onChangeAnswer } from '@/lib/officers';
import { useChangeLoanDays } from '@/features/loans/api/use-change-loan-days';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const DAYS_NOT_A_NUMBER = 'Loan days must be a number';

export function ChangeLoanDaysForm({ loan, onNotice, onClose }: { loan: CheckedLoan; onNotice: (n: Notice) => void; onClose: () => void }) {
  const [value, setValue] = useState(String(loan.total_days));
  const change = useChangeLoanDays();
  const limits = useLoanLimits().data;
  return (
    <form
      className="inline-panel"
      aria-label={`Change the days of loan #${loan.id}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const newDays = parseDays(value);
        if (newDays === null) {
          onNotice({ tone: 'error', text: DAYS_NOT_A_NUMBER });
          return;
        }
        change.mutate(
          { loanId: loan.id, newDays },
          {
            // waiting for a second officer: the form stays open under the server's words
            onSuccess: onChangeAnswer((updated) => {
              onNotice({
                tone: 'success',
                text: `Loan days changed to ${updated.total_days}: ${formatMoney(updated.daily_payment)} a day`,
              });
              onClose();
            }, onNotice),
            onError: (error) => onNotice({ tone: 'error', text: `Error changing loan days: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">Change loan days</p>
      <div className="inline-form">
        <TextField
          label="Loan days"
          type="number"
          inputMode="numeric"
          min={limits?.min_days}
          max={limits?.max_days}
          step={1}
          value={value}
          onChange={setValue}
        />
        <InlineFormActions saveLabel="Save Days" saving={change.isPending} onCancel={onClose} />
      </div>
    </form>
  );
}
