import { AppShell } from '@/components/app-shell';
import { TabHeading } from '@/components/tab-heading';
import { FullAdminPanel, type AdminPanelProps } from '@/features/admin/full-admin-panel';
import { useMyEnrolmentRequired } from '@/features/officers';
import { SecurityScreen } from '@/features/security';

/**
 * The admin panel; while the bank requires a second factor and the officer has none, only the Security
 * screen (the server refuses every other call of such a session until a factor is confirmed).
 */
export function AdminPanel({ username, onLogout }: AdminPanelProps) {
  const enrolmentRequired = useMyEnrolmentRequired().data === true;
  if (enrolmentRequired) {
    return (
      <AppShell username={username} role="Admin Panel · Security" onLogout={onLogout}>
        <TabHeading title="Security" description="Set up a second factor to open the admin panel." />
        <SecurityScreen />
      </AppShell>
    );
  }
  return <FullAdminPanel username={username} onLogout={onLogout} />;
}

