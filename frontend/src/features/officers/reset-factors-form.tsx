import { useState } from 'react';
import type { Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { useResetOfficerFactors, type Officer } from '@/features/officers/api/use-officers';

/** Another officer lost their phone: a treasurer removes their second factor, saying why (in the audit trail). */
export function ResetFactorsForm({ officer, onNotice }: { officer: Officer; onNotice: (notice: Notice) => void }) {
  const [reason, setReason] = useState('');
  const reset = useResetOfficerFactors();
  return (
    <div className="officer-actions" role="group" aria-label={`Second factor of ${officer.display_name}`}>
      <TextField
        label="Why reset the second factor"
        hint="For example: lost phone, confirmed with them on Discord voice."
        value={reason}
        onChange={setReason}
        maxLength={500}
        autoComplete="off"
      />
      <button
        type="button"
        className="btn btn--secondary btn--small"
        disabled={reset.isPending || reason.trim() === ''}
        onClick={() => {
          onNotice(null);
          reset.mutate(
            { officerId: officer.id, reason: reason.trim() },
            {
              onSuccess: (answer) => {
                setReason('');
                onNotice({ tone: 'success', text: answer.detail });
              },
              onError: (error) => onNotice({ tone: 'error', text: `Error resetting the second factor: ${errorDetail(error)}` }),
            },
          );
        }}
      >
        Reset Second Factor
      </button>
    </div>
  );
}
