import { useState } from 'react';
import { useMay } from '@/features/officers';
import { Card } from '@/components/card';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { ErrorBlock } from '@/components/error-block';
import { LoadingBlock } from '@/components/loading-block';
import { formatMoney } from '@/lib/money';
import { errorDetail } from '@/lib/errors';
import type { AdminTabId } from '@/lib/admin-tabs';
import { downloadBackup } from '@/features/dashboard/api/download-backup';
import { useDashboard } from '@/features/dashboard/api/use-dashboard-stats';
import { UndeliveredNotice } from '@/features/notifications';
import { DailyJobs, BooksCheckNotice } from '@/features/jobs';
import { OverviewFigures } from '@/features/dashboard/overview-figures';
import { ReviewBanner } from '@/features/dashboard/review-banner';
import { BackupNotice } from '@/features/dashboard/backup-notice';
import { WaitingForMeLine } from '@/features/waiting';
import { ArrearsBuckets } from '@/features/bank-health';
import '@/components/bank-ui.css';
import '@/components/credit.css';
import '@/components/admin-overview.css';
import { plural } from '@/lib/plural';

const BACKUP_FAILED = 'Error downloading backup: ';

/** Admin Overview: the bank's figures, what waits for review, bad payers, and quick actions. */
export function OverviewTab({ onOpenTab }: { onOpenTab: (tab: AdminTabId) => void }) {
  const mayAddProduct = useMay('add_product');
  const mayBackup = useMay('backup');
  const dashboard = useDashboard();
  const [notice, setNotice] = useState<Notice>(null);
  const [backingUp, setBackingUp] = useState(false);

  const backup = async () => {
    setNotice(null);
    setBackingUp(true);
    try {
      const name = await downloadBackup();
      setNotice({ tone: 'success', text: `Backup downloaded: ${name}` });
    } catch (error) {
      setNotice({ tone: 'error', text: `${BACKUP_FAILED}${errorDetail(error)}` });
    } finally {
      setBackingUp(false);
    }
  };

  if (dashboard.isPending) return <LoadingBlock message="Loading the bank's figures..." />;
  if (dashboard.isError) {
    return <ErrorBlock message={`Error loading the overview: ${errorDetail(dashboard.error)}`} onRetry={() => void dashboard.refetch()} />;
  }
  const { stats, backup: backups } = dashboard.data;
  const nothingWaits = stats.pending_loans + stats.pending_withdrawals + stats.pending_exchanges === 0;

  return (
    <>
      <OverviewFigures stats={stats} />

      <div className="overview-banners">
        <WaitingForMeLine onOpenTab={onOpenTab} />
        <BooksCheckNotice />
        <BackupNotice status={backups} />
        <UndeliveredNotice />
        {stats.pending_loans > 0 && (
          <ReviewBanner
            icon="filePlus"
            text={`${plural(stats.pending_loans, 'pending loan request', 'pending loan requests')} waiting for review`}
            action="Review Now"
            actionLabel="Review Now: pending loans"
            onAction={() => onOpenTab('pending-loans')}
            testId="banner-pending-loans"
          />
        )}
        {stats.pending_withdrawals > 0 && (
          <ReviewBanner
            icon="wallet"
            text={`${plural(stats.pending_withdrawals, 'pending withdrawal request', 'pending withdrawal requests')} waiting for review`}
            action="Review Now"
            actionLabel="Review Now: pending withdrawals"
            onAction={() => onOpenTab('withdrawal-requests')}
            testId="banner-pending-withdrawals"
          />
        )}
        {stats.pending_exchanges > 0 && (
          <ReviewBanner
            icon="gem"
            text={`${plural(stats.pending_exchanges, 'pending pearl exchange request', 'pending pearl exchange requests')} waiting for review`}
            action="Review Now"
            actionLabel="Review Now: pending pearl exchanges"
            onAction={() => onOpenTab('pearl-requests')}
            testId="banner-pending-exchanges"
          />
        )}
        {nothingWaits && (
          <p className="all-clear" role="status">
            <Icon name="checkCircle" size={18} /> No requests waiting for review
          </p>
        )}
        {stats.bad_payers > 0 && (
          <ReviewBanner
            tone="error"
            icon="alert"
            text={`Bad Payers Alert: ${plural(stats.bad_payers, 'bad payer', 'bad payers')}`}
            sub={`Active loans ${formatMoney(stats.bad_payer_loans_value)} · Savings ${formatMoney(stats.bad_payer_savings_value)}`}
            action="Manage"
            actionLabel="Manage bad payers"
            onAction={() => onOpenTab('bad-payers')}
            testId="banner-bad-payers"
          />
        )}
      </div>

      {/* the cards below the banners: a gap between Quick Actions and Daily Jobs */}
      <div className="stack">
        <Card title="Quick Actions" icon={<Icon name="zap" />}>
          <div className="overview-actions">
            <button type="button" className="btn btn--secondary" onClick={() => onOpenTab('new-player')}>
              <Icon name="user" size={18} /> New Player
            </button>
            <button type="button" className="btn btn--secondary" onClick={() => onOpenTab('search-player')}>
              <Icon name="search" size={18} /> Search Player
            </button>
            {mayAddProduct && (
              <button type="button" className="btn btn--secondary" onClick={() => onOpenTab('add-product')}>
                <Icon name="plus" size={18} /> Add Product
              </button>
            )}
            {mayBackup && (
              <button type="button" className="btn btn--secondary" onClick={() => void backup()} disabled={backingUp}>
                <Icon name="shield" size={18} /> {backingUp ? 'Preparing backup...' : 'Backup'}
              </button>
            )}
          </div>
          <NoticeBanner notice={notice} className="tile-notice" />
        </Card>

        <ArrearsBuckets book={dashboard.data.arrears} onOpenList={() => onOpenTab('arrears')} />

        <DailyJobs />
      </div>
    </>
  );
}
