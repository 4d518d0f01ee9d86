import { useMutation } from '@tanstack/react-query';
import { apiDownload, type Download } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';
import type { HealthRange } from '@/features/bank-health/api/keys';
import { healthQuery } from '@/features/bank-health/api/use-bank-health';

function downloadBankHealthCsv(range: HealthRange): Promise<Download> {
  return apiDownload('/admin/bank-health.csv', healthQuery(range), 'bank-health.csv');
}

/** GET /api/admin/bank-health.csv: the same rows as the charts, saved as a file (the bearer token cannot ride on a link). */
export function useDownloadBankHealthCsv() {
  return useMutation({ mutationFn: downloadBankHealthCsv, onSuccess: saveDownload });
}
