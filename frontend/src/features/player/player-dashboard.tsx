import { useState } from 'react';
import { AppShell } from '@/components/app-shell';
import { ChangePasswordButton } from '@/features/auth';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { TabHeading } from '@/components/tab-heading';
import { TabList } from '@/components/tab-list';
import { TabPanel } from '@/components/tab-panel';
import { useMe } from '@/features/players';
import { CreditBenefitsCard, CreditHistoryPanel, CreditScoreCard, LoanEligibilityCard } from '@/features/credit';
import { ExchangePearlsTab, PearlHistoryTab } from '@/features/exchange';
import { MyLoansTab } from '@/features/loans';
import { MySavingsTab } from '@/features/savings';
import { OverviewTab } from '@/features/player/overview-tab';
import { MyPendingLoansTab, RequestLoanTab } from '@/features/loan-requests';
import { PLAYER_TABS, type PlayerTabId } from '@/features/player/player-tabs';
import { RequestWithdrawalTab, WithdrawalHistoryTab } from '@/features/withdrawals';
import { SecurityScreen } from '@/features/security';

const ID_PREFIX = 'player';

interface PlayerDashboardProps {
  username: string;
  onLogout: () => Promise<void>;
}

export function PlayerDashboard({ username, onLogout }: PlayerDashboardProps) {
  const [activeTab, setActiveTab] = useState<PlayerTabId>('overview');
  const me = useMe();
  const tab = PLAYER_TABS.find((item) => item.id === activeTab) ?? PLAYER_TABS[0];

  return (
    <AppShell username={username} role="Player Dashboard" onLogout={onLogout} userActions={<ChangePasswordButton />}>
      {me.isPending ? (
        <LoadingBlock message="Loading banking data..." />
      ) : me.isError ? (
        <ErrorBlock message="Your banking data could not be loaded." onRetry={() => void me.refetch()} />
      ) : (
        <>
          <TabList label="Player dashboard" idPrefix={ID_PREFIX} tabs={PLAYER_TABS} active={activeTab} onSelect={setActiveTab} />
          <TabPanel idPrefix={ID_PREFIX} id={tab.id}>
            {tab.id === 'overview' ? (
              <OverviewTab me={me.data} onOpenTab={setActiveTab} />
            ) : (
              <>
                <TabHeading title={tab.label} description={tab.description} />
                {me.data.player && tab.id === 'credit-score' && (
                  <div className="card-grid card-grid--top">
                    <CreditScoreCard playerId={me.data.player.id} />
                    <CreditHistoryPanel playerId={me.data.player.id} />
                    <CreditBenefitsCard />
                  </div>
                )}
                {me.data.player && tab.id === 'loan-eligibility' && (
                  <div className="card-grid card-grid--pair card-grid--top">
                    <LoanEligibilityCard playerId={me.data.player.id} />
                    <CreditBenefitsCard />
                  </div>
                )}
                {tab.id === 'request-loan' && <RequestLoanTab me={me.data} />}
                {tab.id === 'pending-loans' && (
                  <MyPendingLoansTab me={me.data} onOpenRequest={() => setActiveTab('request-loan')} />
                )}
                {tab.id === 'loans' && <MyLoansTab me={me.data} onOpenRequest={() => setActiveTab('request-loan')} />}
                {tab.id === 'savings' && <MySavingsTab me={me.data} />}
                {tab.id === 'request-withdrawal' && <RequestWithdrawalTab me={me.data} />}
                {tab.id === 'withdrawal-history' && <WithdrawalHistoryTab me={me.data} />}
                {tab.id === 'exchange-pearls' && <ExchangePearlsTab me={me.data} />}
                {tab.id === 'pearl-history' && <PearlHistoryTab me={me.data} />}
                {tab.id === 'security' && <SecurityScreen />}
              </>
            )}
          </TabPanel>
        </>
      )}
    </AppShell>
  );
}
