import { useState } from 'react';
import { InlineFormActions } from '@/components/inline-form-actions';
import type { Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { errorDetail } from '@/lib/errors';
import { useSetPlayerPassword } from '@/features/players/api/use-set-player-password';

// admin-side §8, word for word
const PASSWORD_UPDATED = 'Password updated successfully!';

interface PlayerPasswordFormProps {
  player: { id: number; name: string };
  onNotice: (notice: Notice) => void;
  onClose: () => void;
}

/** Change Password / Reset Password: asks for the new password; an empty one does nothing (admin-side §5). */
export function PlayerPasswordForm({ player, onNotice, onClose }: PlayerPasswordFormProps) {
  const [password, setPassword] = useState('');
  const save = useSetPlayerPassword();
  return (
    <form
      className="inline-panel"
      aria-label={`New password for ${player.name}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!password) return;
        save.mutate(
          { playerId: player.id, newPassword: password },
          {
            onSuccess: () => {
              onNotice({ tone: 'success', text: PASSWORD_UPDATED });
              onClose();
            },
            onError: (error) => onNotice({ tone: 'error', text: `Error updating password: ${errorDetail(error)}` }),
          },
        );
      }}
    >
      <p className="inline-panel__title">New password for {player.name}</p>
      <div className="inline-form">
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          hint="The player's sessions end; a blocked account is unblocked."
          autoFocus
        />
        <InlineFormActions saveLabel="Update Password" saving={save.isPending} onCancel={onClose} />
      </div>
    </form>
  );
}
