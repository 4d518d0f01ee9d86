import { useState } from 'react';
import { InlineFormActions } from '@/components/inline-form-actions';
import { type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { formatDay, isIsoDay } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import type { SavingsRow } from '@/lib/savings';
import { onChangeAnswer } from '@/lib/officers';
import { useLoanLimits } from '@/features/loans';
import { useChangeSavingsDate } from '@/features/savings/api/use-savings-actions';
import '@/components/bank-ui.css';
import '@/components/credit.css';

const BAD_DATE_FORMAT = 'Invalid date format. Please use YYYY-MM-DD';

export function ChangeSavingsDateForm({ savings, onNotice, onClose }: { savings: SavingsRow; onNotice: (n: Notice) => void; onClose: () => void }) {
  const [value, setValue] = useState(savings.start_date);
  const change = useChangeSavingsDate();
  // the window comes from the server, which checks it again (docs/rules.md, Savings)
  const limits = useLoanLimits().data;
  return (
    <form
      className="inline-panel"
      aria-label={`Change the start date of savings #${savings.id}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const newDate = value.trim();
        if (!isIsoDay(newDate)) {
          onNotice({ tone: 'error', text: BAD_DATE_FORMAT });
          return;
        }
        change.mutate(
          { savingsId: savings.id, newDate },
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
