import { useState } from 'react';
import { useMay } from '@/features/officers';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { type AdminPlayer, StandingBadge, PlayerPasswordForm } from '@/features/players';

interface ResultRowProps {
  player: AdminPlayer;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  viewing: boolean;
  onView: () => void;
}

export function ResultRow({ player, checked, onCheck, viewing, onView }: ResultRowProps) {
  const [password, setPassword] = useState(false);
  const mayPassword = useMay('password');
  const mayDelete = useMay('bulk_delete');
  const [notice, setNotice] = useState<Notice>(null);
  const classes = ['result-list__item', viewing ? 'result-list__item--selected' : '', password || notice ? 'result-list__item--open' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <li className={classes} data-testid={`search-result-${player.id}`}>
      <label className="result-list__pick">
        {mayDelete && (
          <input type="checkbox" checked={checked} onChange={(event) => onCheck(event.target.checked)} aria-label={`Select ${player.name}`} />
        )}
        <span>
          <span className="result-list__name">
            {player.name} <StandingBadge player={player} /> {player.blocked_at && <span className="badge badge--error">Blocked</span>}
          </span>
          <span className="result-list__meta result-list__line">
            #{player.id} · {player.discord} · score {player.credit_score}
          </span>
        </span>
      </label>
      <div className="result-list__buttons">
        <button type="button" className={viewing ? 'btn btn--primary btn--small' : 'btn btn--secondary btn--small'} aria-pressed={viewing} aria-label={`View Details of ${player.name}`} onClick={onView}>
          <Icon name="user" size={16} />
          View Details
        </button>
        {mayPassword && (
        <button
          type="button"
          className="btn btn--secondary btn--small"
          aria-expanded={password}
          aria-label={`Password of ${player.name}`}
          onClick={() => {
            setNotice(null);
            setPassword((open) => !open);
          }}
        >
          <Icon name="shield" size={16} />
          Password
        </button>
        )}
      </div>
      {password && (
        <div className="result-list__panel">
          <PlayerPasswordForm player={player} onNotice={setNotice} onClose={() => setPassword(false)} />
        </div>
      )}
      {notice && (
        <div className="result-list__panel">
          <NoticeBanner notice={notice} />
        </div>
      )}
    </li>
  );
}
