import { useState } from 'react';
import { useMay } from '@/features/officers';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { StatBox } from '@/components/stat-box';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import { type BadPayer, useUpdatePlayer, PlayerPasswordForm } from '@/features/players';
import { PlayerDetailsCard } from '@/features/player-accounts/player-details-card';
import { PlayerProducts } from '@/features/player-accounts/player-products';

type Panel = 'password' | 'products' | 'details' | null;

interface BadPayerCardProps {
  player: BadPayer;
  adminName: string;
  /** once removed, the card leaves the list: its success is said above the list */
  onRemoved: (notice: Notice) => void;
}

export function BadPayerCard({ player, adminName, onRemoved }: BadPayerCardProps) {
  const [panel, setPanel] = useState<Panel>(null);
  const mayBadPayer = useMay('bad_payer');
  const mayPassword = useMay('password');
  const [notice, setNotice] = useState<Notice>(null);
  const update = useUpdatePlayer();
  const toggle = (next: Panel) => {
    setNotice(null);
    setPanel((current) => (current === next ? null : next));
  };
  return (
    <article className="card item-card" aria-labelledby={`bad-payer-${player.id}-title`} data-testid={`bad-payer-${player.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="alert" />
          </span>
          <div>
            <h3 className="item-card__title" id={`bad-payer-${player.id}-title`}>
              {player.name} · Player #{player.id}
            </h3>
            <p className="item-card__meta">
              {player.discord} · score {player.credit_score}
            </p>
          </div>
        </div>
        <span className="badge badge--error">Bad payer</span>
      </header>
      <dl className="stat-grid stat-grid--counters">
        <StatBox label="Active Loans" value={player.active_loans_count} />
        <StatBox label="Loans Value" value={formatMoney(player.active_loans_value)} />
        <StatBox label="Active Savings" value={player.active_savings_count} />
        <StatBox label="Savings Value" value={formatMoney(player.active_savings_value)} tone="gold" />
      </dl>
      <div className="actions-row" role="group" aria-label={`Actions for ${player.name}`}>
        {mayBadPayer && (
        <button
          type="button"
          className="btn btn--primary btn--small"
          disabled={update.isPending}
          onClick={() => {
            setNotice(null);
            update.mutate(
              { playerId: player.id, bad_payer: false },
              {
                onSuccess: () => onRemoved({ tone: 'success', text: `${player.name} is no longer marked as a bad payer` }),
                onError: (error) => setNotice({ tone: 'error', text: `Error updating player: ${errorDetail(error)}` }),
              },
            );
          }}
        >
          <Icon name="check" size={16} />
          {update.isPending ? 'Removing...' : 'Remove Bad Payer'}
        </button>
        )}
        {mayPassword && (
          <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'password'} onClick={() => toggle('password')}>
            <Icon name="shield" size={16} />
            Change Password
          </button>
        )}
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'products'} onClick={() => toggle('products')}>
          <Icon name="creditCard" size={16} />
          View Products
        </button>
        <button type="button" className="btn btn--secondary btn--small" aria-expanded={panel === 'details'} onClick={() => toggle('details')}>
          <Icon name="user" size={16} />
          View Details
        </button>
      </div>
      <NoticeBanner notice={notice} />
      {panel === 'password' && <PlayerPasswordForm player={player} onNotice={setNotice} onClose={() => setPanel(null)} />}
      {panel === 'products' && <PlayerProducts playerId={player.id} />}
      {panel === 'details' && <PlayerDetailsCard player={player} adminName={adminName} onClose={() => setPanel(null)} />}
    </article>
  );
}
