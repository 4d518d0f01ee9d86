import type { ReactNode } from 'react';
import { Icon } from '@/components/icon';
import { formatDateTime } from '@/lib/dates';
import type { Schemas } from '@/lib/api-types';
import '@/components/bank-ui.css';
import '@/components/admin-overview.css';

/** The daily backups at a glance (GET /api/admin/dashboard-stats `backup`). */
export type BackupStatus = Schemas['BackupStatusOut'];

/** What the Overview says of a newest backup that did not pass its check (yet). */
function uncheckedText(status: BackupStatus, taken: string): string {
  if (status.last_state === 'checking') return `Last backup ${taken}: being checked now.`;
  // failed: the warning says why; the newest good one is what a restore would take
  return status.last_verified_at
    ? `Last backup ${taken} failed. The newest that passed its check was taken ${formatDateTime(status.last_verified_at)}.`
    : `Last backup ${taken} failed.`;
}

/** The newest backup: its time, and what its check found (in the server's words). */
function lastBackup(status: BackupStatus): ReactNode {
  if (!status.last_at) return null;
  const taken = formatDateTime(status.last_at);
  if (status.last_state !== 'verified') return <>{uncheckedText(status, taken)}</>;
  return (
    <>
      Last backup {taken}, checked: <span className="backup-status__found">{status.last_detail}</span>
    </>
  );
}

/**
 * On the admin Overview: the newest daily backup (written to BANK_BACKUP_DIR and checked by restoring
 * it into a scratch database), and a warning in the server's words when the newest checked one is
 * older than 26 hours, the newest failed, none was made yet, or the daily backup is off.
 */
export function BackupNotice({ status }: { status: BackupStatus }) {
  if (status.warnings.length > 0) {
    return (
      <div className="alert alert--error" role="alert" data-testid="backup-status">
        <p>
          <strong>Backups need attention.</strong> {status.warnings.join(' ')}
        </p>
        {status.last_at && (
          <p className="muted">
            {lastBackup(status)}
          </p>
        )}
      </div>
    );
  }
  if (!status.last_at) return null;
  const checked = status.last_state === 'verified';
  return (
    <p className={checked ? 'all-clear backup-status' : 'muted'} role="status" data-testid="backup-status">
      {checked && <Icon name="checkCircle" size={18} />}
      <span>
        {lastBackup(status)}
      </span>
    </p>
  );
}
