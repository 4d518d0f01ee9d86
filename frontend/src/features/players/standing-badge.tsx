import type { AdminPlayer } from '@/features/players/api/types';
import '@/components/bank-ui.css';
import '@/components/player-admin.css';

/** Good standing or bad payer, as a badge. */
export function StandingBadge({ player }: { player: Pick<AdminPlayer, 'bad_payer'> }) {
  return player.bad_payer ? (
    <span className="badge badge--error">Bad payer</span>
  ) : (
    <span className="badge badge--success">Good standing</span>
  );
}
