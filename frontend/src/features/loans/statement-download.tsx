import { useState } from 'react';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import { TextField } from '@/components/text-field';
import { startOfYear } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { useLoanLimits } from '@/features/loans/api/use-loan-limits';
import { useDownloadStatement } from '@/features/statements';
import '@/components/bank-ui.css';

const DOWNLOADED = 'Statement downloaded.';

/**
 * "Download statement": a CSV of the loans, payments, savings weeks, withdrawals and exchanges in a
 * date range, filled in with this year up to today (the bank's today) so one click downloads it.
 * The server checks the range and says what is wrong with it. It lives with the loans, whose limits
 * give the bank's today and whose tab shows it (the savings' tab and a player's details too); the
 * call itself is the statements feature's.
 */
export function StatementDownload({ playerId }: { playerId?: number }) {
  // null until the person changes a date: it shows the default range
  const [typedFrom, setFrom] = useState<string | null>(null);
  const [typedTo, setTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const download = useDownloadStatement();
  const today = useLoanLimits().data?.today;
  const from = typedFrom ?? (today ? startOfYear(today) : '');
  const to = typedTo ?? today ?? '';

  return (
    <section className="inline-panel" aria-labelledby="statement-title">
      <h3 className="inline-panel__title" id="statement-title">
        Statement
      </h3>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          download.mutate(
            { from, to, playerId },
            {
              onSuccess: () => setNotice({ tone: 'success', text: DOWNLOADED }),
              onError: (error) => setNotice({ tone: 'error', text: `Error downloading statement: ${errorDetail(error)}` }),
            },
          );
        }}
      >
        <TextField label="From" type="date" value={from} onChange={setFrom} />
        <TextField label="To" type="date" value={to} onChange={setTo} />
        <div className="inline-form__actions">
          <button type="submit" className="btn btn--secondary" disabled={download.isPending}>
            <Icon name="filePlus" size={16} />
            {download.isPending ? 'Preparing...' : 'Download statement'}
          </button>
        </div>
      </form>
      <NoticeBanner notice={notice} />
    </section>
  );
}
