import { StatBox } from '@/components/stat-box';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import type { AdminPlayer } from '@/features/players';
import { useCreditBenefits } from '@/features/credit';
import { PlayerProducts } from '@/features/player-accounts/player-products';
import '@/components/bank-ui.css';

export function SelectedPlayer({ player, onClear }: { player: AdminPlayer; onClear: () => void }) {
  const scale = useCreditBenefits();
  return (
    <Card title={`${player.name}'s details and products`} icon={<Icon name="user" />} className="selected-player">
      <dl className="player-facts">
        <StatBox label="ID" value={player.id} />
        <StatBox label="Discord" value={player.discord} />
        <StatBox label="Added By" value={player.added_by ?? 'Self-registered'} />
        <StatBox
          label="Standing"
          value={
            player.bad_payer ? (
              <span className="badge badge--error">Bad payer</span>
            ) : (
              <span className="badge badge--success">Good standing</span>
            )
          }
        />
        <StatBox
          label="Credit Score"
          value={scale.data ? `${player.credit_score} / ${scale.data.max_score}` : player.credit_score}
        />
        <StatBox label="Client Type" value={player.client_type === 'old' ? 'Old client' : 'New client'} />
      </dl>
      <PlayerProducts playerId={player.id} />
      <div className="tile-actions">
        <button type="button" className="btn btn--secondary btn--small" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </Card>
  );
}
