import { useMemo, useState } from 'react';
import { AppShell } from '@/components/app-shell';
import { ChangePasswordButton } from '@/features/auth';
import { TabHeading } from '@/components/tab-heading';
import { TabList } from '@/components/tab-list';
import { TabPanel } from '@/components/tab-panel';
import { AdminMenu } from '@/features/admin/admin-menu';
import { AddProductTab, BadPayersTab, SearchPlayerTab } from '@/features/player-accounts';
import { BlockedAccountsTab, NewPlayerTab } from '@/features/players';
import { AuditTab } from '@/features/audit';
import { BankSettingsTab } from '@/features/bank-settings';
import { FourEyesTab, usePendingProposalCount } from '@/features/proposals';
import { OfficersTab, useMyCapabilities, useMyRole, MyOfficerNameProvider, OfficerAccess, FailedSignInsNotice } from '@/features/officers';
import { ADMIN_TABS, tabsFor, type AdminTabId } from '@/lib/admin-tabs';
import { ROLE_LABELS } from '@/lib/officers';
import { useOpenLoanRequests, PendingLoansTab } from '@/features/loan-requests';
import { CheckLoansTab, ReportTab } from '@/features/loans';
import { CreditMigrationTab, CreditOverviewTab } from '@/features/credit';
import { useKeepAlive } from '@/features/admin/keep-alive';
import { PearlRequestsTab, PearlSettingsTab, usePendingExchangeCount } from '@/features/exchange';
import { OverviewTab } from '@/features/dashboard';
import { ArrearsTab, BankHealthTab } from '@/features/bank-health';
import { WaitingTab, useWaitingForMeCount } from '@/features/waiting';
import { CheckSavingsTab, SavingsManagementTab } from '@/features/savings';
import { WithdrawalRequestsTab, usePendingWithdrawals } from '@/features/withdrawals';
import { SecurityScreen } from '@/features/security';

const ID_PREFIX = 'admin';

export interface AdminPanelProps {
  username: string;
  onLogout: () => Promise<void>;
}

/** The admin panel with every tab the officer's role opens. */
export function FullAdminPanel({ username, onLogout }: AdminPanelProps) {
  const [activeTab, setActiveTab] = useState<AdminTabId>('overview');
  useKeepAlive();
  // The panel shows what the server says the officer may use (/api/me's `may`); the server checks every
  // call whatever it shows. Until /api/me answers (or if it cannot), the panel is drawn in full and a
  // refused call says why.
  const role = useMyRole().data ?? 'treasurer';
  const may = useMyCapabilities().data ?? null;
  const officer = useMemo(() => ({ role, may }), [role, may]);
  const tab = ADMIN_TABS.find((item) => item.id === activeTab) ?? ADMIN_TABS[0];
  const pendingLoans = useOpenLoanRequests();
  const pendingCount = pendingLoans.data?.count ?? 0;
  const pendingWithdrawals = usePendingWithdrawals().data ?? 0;
  const pendingExchanges = usePendingExchangeCount().data ?? 0;
  const pendingProposals = usePendingProposalCount().data ?? 0;
  const waitingForMe = useWaitingForMeCount().data ?? 0;
  const tabs = useMemo(() => {
    const badges: Partial<Record<AdminTabId, number>> = {
      waiting: waitingForMe,
      'pending-loans': pendingCount,
      'withdrawal-requests': pendingWithdrawals,
      'pearl-requests': pendingExchanges,
      'four-eyes': pendingProposals,
    };
    return tabsFor(may).map((item) =>
      // Waiting for Me counts again what the request tabs and Four Eyes count: not twice in the Menu's total
      badges[item.id] !== undefined ? { ...item, badge: badges[item.id], badgeRepeats: item.id === 'waiting' } : item,
    );
  }, [pendingCount, pendingWithdrawals, pendingExchanges, pendingProposals, waitingForMe, may]);

  return (
    <OfficerAccess.Provider value={officer}>
    <MyOfficerNameProvider username={username}>
    <AppShell username={username} role={`Admin Panel · ${ROLE_LABELS[role]}`} onLogout={onLogout} userActions={<ChangePasswordButton />}>
      <FailedSignInsNotice />
      <div className="sidebar-layout sidebar-layout--menu">
        <AdminMenu tabs={tabs} active={activeTab} onSelect={setActiveTab} />
        <TabList
          label="Admin panel"
          idPrefix={ID_PREFIX}
          tabs={tabs}
          active={activeTab}
          onSelect={setActiveTab}
          orientation="vertical"
        />
        <TabPanel idPrefix={ID_PREFIX} id={tab.id} startAtTop>
          <TabHeading title={tab.label} description={tab.description} />
          {tab.id === 'overview' && <OverviewTab onOpenTab={setActiveTab} />}
          {tab.id === 'waiting' && <WaitingTab onOpenTab={setActiveTab} />}
          {tab.id === 'new-player' && <NewPlayerTab />}
          {tab.id === 'credit-overview' && <CreditOverviewTab />}
          {tab.id === 'credit-migration' && <CreditMigrationTab />}
          {tab.id === 'add-product' && <AddProductTab adminName={username} />}
          {tab.id === 'pending-loans' && <PendingLoansTab />}
          {tab.id === 'check-loans' && <CheckLoansTab />}
          {tab.id === 'report' && <ReportTab />}
          {tab.id === 'bank-health' && <BankHealthTab onOpenArrears={() => setActiveTab('arrears')} />}
          {tab.id === 'arrears' && <ArrearsTab />}
          {tab.id === 'search-player' && <SearchPlayerTab adminName={username} />}
          {tab.id === 'bad-payers' && <BadPayersTab adminName={username} />}
          {tab.id === 'blocked-accounts' && <BlockedAccountsTab />}
          {tab.id === 'check-savings' && <CheckSavingsTab />}
          {tab.id === 'savings-management' && <SavingsManagementTab />}
          {tab.id === 'withdrawal-requests' && <WithdrawalRequestsTab />}
          {tab.id === 'pearl-requests' && <PearlRequestsTab />}
          {tab.id === 'four-eyes' && <FourEyesTab />}
          {tab.id === 'pearl-settings' && <PearlSettingsTab />}
          {tab.id === 'officers' && <OfficersTab me={username} />}
          {tab.id === 'bank-settings' && <BankSettingsTab />}
          {tab.id === 'audit' && <AuditTab />}
          {tab.id === 'security' && <SecurityScreen />}
        </TabPanel>
      </div>
    </AppShell>
    </MyOfficerNameProvider>
    </OfficerAccess.Provider>
  );
}
