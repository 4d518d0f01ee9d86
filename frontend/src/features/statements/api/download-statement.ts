import { useMutation } from '@tanstack/react-query';
import { apiDownload, type Download } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-download';

interface StatementRange {
  /** the statement's first and last days as the date inputs give them (YYYY-MM-DD, or '') */
  from: string;
  to: string;
  /** an admin names a player; a player downloads their own */
  playerId?: number;
}

function downloadStatement({ from, to, playerId }: StatementRange): Promise<Download> {
  const path = playerId === undefined ? '/me/statement.csv' : `/players/${playerId}/statement.csv`;
  // an empty date is left out: the server answers which one is missing
  return apiDownload(path, { from: from || undefined, to: to || undefined }, 'statement.csv');
}

/** Download a statement (a read: nothing to invalidate) and save it. */
export function useDownloadStatement() {
  return useMutation({ mutationFn: downloadStatement, onSuccess: saveDownload });
}
