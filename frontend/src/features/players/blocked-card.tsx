import { useState } from 'react';
import { useMay } from '@/features/officers';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import type { AdminPlayer } from '@/features/players/api/types';
import { PlayerPasswordForm } from '@/features/players/player-password-form';

interface BlockedCardProps {
  player: AdminPlayer;
  onUnblock: (player: AdminPlayer) => void;
  /** a reset password unblocks: the card leaves the list, so its success is said above the list */
  onUnblocked: (notice: Notice) => void;
}

export function BlockedCard({ player, onUnblock, onUnblocked }: BlockedCardProps) {
  const [password, setPassword] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  // unblocking and a new password are a treasurer's (bank/roles.py): a teller reads the list
  const mayUnblock = useMay('unblock');
  const mayPassword = useMay('password');
  return (
    <article className="card item-card" aria-labelledby={`blocked-${player.id}-title`} data-testid={`blocked-${player.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="shield" />
          </span>
          <div>
            <h3 className="item-card__title" id={`blocked-${player.id}-title`}>
              {player.name} · Player #{player.id}
            </h3>
            <p className="item-card__meta">{player.discord}</p>
          </div>
        </div>
        <span className="badge badge--error">Blocked</span>
      </header>
      <dl className="stat-grid stat-grid--three stat-grid--stacked">
        <StatBox label="Failed Attempts" value={player.failed_attempts} />
        <StatBox label="Blocked At" value={player.blocked_at ? formatDateTime(player.blocked_at) : '—'} />
        <StatBox label="Standing" value={player.bad_payer ? 'Bad payer' : 'Good standing'} />
      </dl>
      {(mayUnblock || mayPassword) && (
      <div className="actions-row" role="group" aria-label={`Actions for ${player.name}`}>
        {mayUnblock && (
          <button type="button" className="btn btn--primary btn--small" onClick={() => onUnblock(player)}>
            <Icon name="check" size={16} />
            Unblock
          </button>
        )}
        {mayPassword && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-expanded={password}
          onClick={() => {
            setNotice(null);
            setPassword((open) => !open);
          }}
        >
          <Icon name="shield" size={16} />
          Reset Password
        </button>
        )}
      </div>
      )}
      <NoticeBanner notice={notice} />
      {password && (
        <PlayerPasswordForm
          player={player}
          onNotice={(next) => (next?.tone === 'success' ? onUnblocked(next) : setNotice(next))}
          onClose={() => setPassword(false)}
        />
      )}
    </article>
  );
}
