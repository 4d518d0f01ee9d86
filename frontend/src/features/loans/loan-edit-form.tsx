import { useState } from 'react';
import { InlineFormActions } from '@/components/inline-form-actions';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { fractionToPercentText, parseDays, percentToFraction, type Loan } from '@/lib/loans';
import { formatPercent } from '@/lib/percent';
import { formatCount, plural } from '@/lib/plural';
import { onChangeAnswer } from '@/lib/officers';
import { useEditLoan } from '@/features/loans/api/use-edit-loan';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';

const LOAN_UPDATED = 'Loan updated successfully!';
const RATE_NOT_A_NUMBER = 'Interest rate must be a number of percent, such as 30';

export function LoanEditForm({ loan, onDone, onCancel }: { loan: Loan; onDone: (notice: Notice) => void; onCancel: () => void }) {
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
            value, // as typed (500k, 1m): the server reads it, or says why not
            interest_rate: fraction ?? undefined,
            total_days: parseDays(days) ?? days.trim(),
            admin_notes: notes,
          },
          {
            // waiting for a second officer: the form stays open under the server's words
            onSuccess: onChangeAnswer(() => onDone({ tone: 'success', text: LOAN_UPDATED }), setNotice),
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
