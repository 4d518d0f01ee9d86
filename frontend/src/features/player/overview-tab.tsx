import { Card } from '@/components/card';
import { Icon, type IconName } from '@/components/icon';
import { TabHeading } from '@/components/tab-heading';
import type { Me } from '@/features/players';
import type { PlayerTabId } from '@/features/player/player-tabs';
import { ProductsSummaryCards } from '@/features/player/products-summary-cards';
import { SoloDividendsCard } from '@/features/dividends';
import { CreditScoreCard, LoanEligibilityCard } from '@/features/credit';
import { DiscordLinkCard } from '@/features/discord';

const QUICK_ACTIONS: ReadonlyArray<{ tab: PlayerTabId; label: string; icon: IconName }> = [
  { tab: 'request-loan', label: 'Request Loan', icon: 'filePlus' },
  { tab: 'loans', label: 'My Loans', icon: 'creditCard' },
  { tab: 'savings', label: 'My Savings', icon: 'coins' },
];

interface OverviewTabProps {
  me: Me;
  onOpenTab: (tab: PlayerTabId) => void;
}

export function OverviewTab({ me, onOpenTab }: OverviewTabProps) {
  const player = me.player;
  return (
    <>
      <TabHeading title="Overview" description="Your loans, savings and credit at a glance." />
      <div className="welcome-banner">
        <div>
          <p className="welcome-banner__title">Welcome back, {player?.name ?? me.username}!</p>
          <p className="welcome-banner__text">
            {player
              ? `Signed in as ${player.discord} on Discord. Here is your banking summary.`
              : 'No player profile is linked to this account yet. Please contact an admin.'}
          </p>
        </div>
        <span className="welcome-banner__art">
          <Icon name="wallet" size={30} />
        </span>
      </div>
      <ProductsSummaryCards me={me} />
      <div className="card-grid">
        {player && <CreditScoreCard playerId={player.id} />}
        {player && <LoanEligibilityCard playerId={player.id} />}
        {me.has_solo_access && <SoloDividendsCard />}
        <DiscordLinkCard />
        <Card title="Quick Actions" icon={<Icon name="zap" />}>
          <div className="quick-actions">
            {QUICK_ACTIONS.map((action) => (
              <button
                key={action.tab}
                type="button"
                className="btn btn--secondary quick-actions__button"
                onClick={() => onOpenTab(action.tab)}
              >
                <Icon name={action.icon} size={18} />
                {action.label}
              </button>
            ))}
          </div>
        </Card>
      </div>
    </>
  );
}
