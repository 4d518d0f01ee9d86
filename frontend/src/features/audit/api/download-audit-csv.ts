import { useMutation } from '@tanstack/react-query';
import { apiDownload, type Download } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';
import type { AuditFilters } from '@/features/audit/api/keys';
import { auditQuery } from '@/features/audit/api/use-audit';

function downloadAuditCsv(filters: AuditFilters): Promise<Download> {
  return apiDownload('/admin/audit.csv', auditQuery(filters), 'audit.csv');
}

/** GET /api/admin/audit.csv: the entries the filters select, saved as a file (a read: nothing to invalidate). */
export function useDownloadAuditCsv() {
  return useMutation({ mutationFn: downloadAuditCsv, onSuccess: saveDownload });
}
