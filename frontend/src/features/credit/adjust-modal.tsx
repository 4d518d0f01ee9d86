import { useState } from 'react';
import { FieldFrame } from '@/components/field-frame';
import { Icon } from '@/components/icon';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { useAdjustCreditScore, type AdjustKind } from '@/features/credit/api/use-credit-actions';
import type { OverviewRow } from '@/features/credit/api/types';
import { errorDetail } from '@/lib/errors';

export type Notice = { tone: 'success' | 'error'; text: string } | null;

const ADJUST_KINDS: { value: AdjustKind; label: string }[] = [
  { value: 'manual_adjustment', label: 'Manual adjustment' },
  { value: 'donation', label: 'Donation' },
  { value: 'friend_invite', label: 'Friend invite' },
];

function isAdjustKind(value: string): value is AdjustKind {
  return ADJUST_KINDS.some((option) => option.value === value);
}

interface AdjustModalProps {
  row: OverviewRow;
  maxScore: number;
  onClose: () => void;
  onDone: (n: Notice) => void;
}

export function AdjustModal({ row, maxScore, onClose, onDone }: AdjustModalProps) {
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<AdjustKind>('manual_adjustment');
  const adjust = useAdjustCreditScore();
  const ready = points.trim() !== '' && reason.trim() !== '';

  const apply = () => {
    const pointsChange = Number(points);
    if (!Number.isInteger(pointsChange)) {
      onDone({ tone: 'error', text: 'Error adjusting credit score: points change must be a whole number' });
      return;
    }
    adjust.mutate(
      { playerId: row.player_id, pointsChange, reason: reason.trim(), kind },
      {
        onSuccess: () => {
          onDone({ tone: 'success', text: 'Credit score adjusted successfully' });
          onClose();
        },
        onError: (error) => onDone({ tone: 'error', text: `Error adjusting credit score: ${errorDetail(error)}` }),
      },
    );
  };

  return (
    <Modal title={`Adjust ${row.player_name}'s credit score`} icon={<Icon name="star" />} onEscape={onClose}>
      <p className="modal__text">
        Current score: {row.credit_score} / {maxScore}. Use a negative number to take points away.
      </p>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) apply();
        }}
      >
        <TextField label="Points change" type="number" inputMode="numeric" value={points} onChange={setPoints} autoFocus />
        <FieldFrame label="Kind">
          {({ id }) => (
            <select
              id={id}
              className="field__input"
              value={kind}
              onChange={(event) => {
                if (isAdjustKind(event.target.value)) setKind(event.target.value);
              }}
            >
              {ADJUST_KINDS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField label="Reason" value={reason} onChange={setReason} maxLength={500} />
        <div className="modal__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={!ready || adjust.isPending}>
            {adjust.isPending ? 'Applying...' : 'Apply'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
