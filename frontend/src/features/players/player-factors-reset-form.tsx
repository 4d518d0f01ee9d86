import { useState } from 'react';
import { InlineFormActions } from '@/components/inline-form-actions';
import type { Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { useResetPlayerFactors } from '@/features/players/api/use-reset-player-factors';

interface PlayerFactorsResetFormProps {
  player: { id: number; name: string };
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}

/** Reset Second Factor: for a player who lost their phone and their recovery codes, with how they were recognised. */
export function PlayerFactorsResetForm({ player, onNotice, onClose }: PlayerFactorsResetFormProps) {
  const [reason, setReason] = useState('');
  const reset = useResetPlayerFactors();
  return (
    <form
      className="inline-panel"
      aria-label={`Reset ${player.name}'s second factor`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        reset.mutate(
          { playerId: player.id, reason: reason.trim() },
          {
            onSuccess: (answer) => {
              onNotice({ tone: 'success', text: answer.detail });
              onClose();
            },
            onError: (error) => onNotice({ tone: 'error', text: `Error resetting the second factor: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">Reset {player.name}'s second factor</p>
      <div className="inline-form">
        <TextField
          label="Reason for the reset"
          value={reason}
          onChange={setReason}
          maxLength={500}
          hint="How you know it is them (for example 'lost phone and codes; confirmed on Discord voice'). Their sessions end; the password alone signs them in again."
          autoFocus
        />
        <InlineFormActions saveLabel="Reset Second Factor" saving={reset.isPending} onCancel={onClose} />
      </div>
    </form>
  );
}
