import type { Me } from '@/features/players';
import { PearlExchangeHistory } from '@/features/exchange/pearl-exchange-history';
import '@/components/bank-ui.css';

export function PearlHistoryTab({ me }: { me: Me }) {
  if (!me.player) {
    return (
      <div className="empty-state">
        <p className="empty-state__title">No player profile is linked to this account yet.</p>
        <p className="muted">Please contact an admin to create your player profile.</p>
      </div>
    );
  }
  return <PearlExchangeHistory playerId={me.player.id} />;
}
