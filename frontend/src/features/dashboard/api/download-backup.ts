import { ApiError, apiDownload, attachmentName } from '@/lib/api-client';

/** The file name the server gave the backup, else a dated one. */
export function backupFileName(disposition: string | null, now: Date = new Date()): string {
  return attachmentName(disposition, `guild-bank-backup-${now.toISOString().slice(0, 10)}.json`);
}

/** Downloads GET /api/backup (the bearer token cannot ride on a plain link) and saves it as a file. */
export async function downloadBackup(): Promise<string> {
  const { blob, filename: name } = await apiDownload('/backup', {}, backupFileName(null));
  if (blob.size === 0) throw new ApiError({ status: 0, detail: 'The backup came back empty', code: 'empty' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // let the browser start reading the file before the address goes
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
