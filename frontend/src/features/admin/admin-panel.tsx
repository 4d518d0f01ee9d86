import { useMemo, useState } from 'react';
import { AppShell } from '@/components/app-shell';
import { TabHeading } from '@/components/tab-heading';
import { TabList, TabPanel } from '@/components/tabs';
import { AddProductTab } from '@/features/admin/add-product-tab';
import { ADMIN_TABS, type AdminTabId } from '@/features/admin/admin-tabs';
import { useOpenLoanRequests } from '@/features/loan-requests/api/use-open-loan-requests';
import { CheckLoansTab } from '@/features/admin/check-loans-tab';
import { CreditMigrationTab } from '@/features/admin/credit-migration-tab';
import { CreditOverviewTab } from '@/features/admin/credit-overview-tab';
import { useKeepAlive } from '@/features/admin/keep-alive';
import { PendingLoansTab } from '@/features/admin/pending-loans-tab';
import { ReportTab } from '@/features/admin/report-tab';

const ID_PREFIX = 'admin';

interface AdminPanelProps {
  username: string;
  onLogout: () => Promise<void>;
}

export function AdminPanel({ username, onLogout }: AdminPanelProps) {
  const [activeTab, setActiveTab] = useState<AdminTabId>('overview');
  useKeepAlive();
  const tab = ADMIN_TABS.find((item) => item.id === activeTab) ?? ADMIN_TABS[0];
  const pendingLoans = useOpenLoanRequests();
  const pendingCount = pendingLoans.data?.count ?? 0;
  const tabs = useMemo(
    () => ADMIN_TABS.map((item) => (item.id === 'pending-loans' ? { ...item, badge: pendingCount } : item)),
    [pendingCount],
  );

  return (
    <AppShell username={username} role="Admin Panel" onLogout={onLogout}>
      <div className="sidebar-layout">
        <TabList
          label="Admin panel"
          idPrefix={ID_PREFIX}
          tabs={tabs}
          active={activeTab}
          onSelect={setActiveTab}
          orientation="vertical"
        />
        <TabPanel idPrefix={ID_PREFIX} id={tab.id}>
          <TabHeading title={tab.label} description={tab.description} />
          {tab.id === 'credit-overview' && <CreditOverviewTab />}
          {tab.id === 'credit-migration' && <CreditMigrationTab />}
          {tab.id === 'add-product' && <AddProductTab adminName={username} />}
          {tab.id === 'pending-loans' && <PendingLoansTab />}
          {tab.id === 'check-loans' && <CheckLoansTab />}
          {tab.id === 'report' && <ReportTab />}
        </TabPanel>
      </div>
    </AppShell>
  );
}
