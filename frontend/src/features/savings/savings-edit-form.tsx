import { useState } from 'react';
import { InlineFormActions } from '@/components/inline-form-actions';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { fractionToPercentText, percentToFraction } from '@/lib/loans';
import type { Savings } from '@/lib/savings';
import { onChangeAnswer } from '@/lib/officers';
import { useEditSavings } from '@/features/savings/api/use-edit-savings';

// admin-side §8, word for word
const SAVINGS_UPDATED = 'Savings updated successfully!';
const WEEKLY_RATE_NOT_A_NUMBER = 'Interest rate must be a number of percent a week, such as 7';

export function SavingsEditForm({ savings, onDone, onCancel }: { savings: Savings; onDone: (notice: Notice) => void; onCancel: () => void }) {
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
          // the balance as typed (500k, 1m): the server reads it, or says why not
          { savingsId: savings.id, invested_value: value, interest_rate: fraction ?? undefined, admin_notes: notes },
          {
            // waiting for a second officer: the form stays open under the server's words
            onSuccess: onChangeAnswer(() => onDone({ tone: 'success', text: SAVINGS_UPDATED }), setNotice),
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
