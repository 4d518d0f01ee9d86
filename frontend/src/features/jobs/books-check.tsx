import { useState } from 'react';
import { formatDateTime } from '@/lib/dates';
import { errorDetail } from '@/lib/errors';
import { Icon } from '@/components/icon';
import { NoticeBanner, type Notice } from '@/components/notice';
import type { Schemas } from '@/lib/api-types';
import { useMay } from '@/features/officers';
import { useBooksCheck } from '@/features/jobs/api/use-reconcile';
import { useRunBooksCheck } from '@/features/jobs/api/use-run-books-check';
import { useBooksStatus } from '@/features/jobs/books-status';
import { LedgerModal } from '@/features/jobs/ledger-modal';
import '@/components/bank-ui.css';
import '@/features/jobs/daily-jobs.css';

type Difference = Schemas['DifferenceOut'];

const SHOWN = 5;
const NEVER_CHECKED = 'The books have not been checked yet: the daily check runs by itself.';

/** A difference in a balance has an account whose entries explain it; one in the rules (rule:...) has none. */
function hasLedger(difference: Difference): boolean {
  return !difference.account.startsWith('rule:');
}

/**
 * On the admin Overview: the books status, in the words of the reconcile job's last outcome (the
 * Daily Jobs card says the same), red with each difference when the books do not balance, each
 * opening that account's ledger; treasurers may ask for a check now.
 */
export function BooksCheckNotice() {
  const status = useBooksStatus();
  const check = useBooksCheck();
  const mayRun = useMay('check_books');
  const run = useRunBooksCheck();
  const [notice, setNotice] = useState<Notice>(null);
  const [ledgerOf, setLedgerOf] = useState<Difference | null>(null);
  const differences = check.data?.differences ?? [];
  const checkedAt = check.data?.checked_at ?? null;
  const text = status.outcome || (check.data && !checkedAt ? NEVER_CHECKED : '');
  if (!text && !check.data) return null;

  const runNow = mayRun && (
    <button
      type="button"
      className="btn btn--secondary btn--small"
      disabled={run.isPending || status.requested || status.running}
      onClick={() => {
        setNotice(null);
        run.mutate(undefined, {
          onSuccess: (answer) => setNotice({ tone: 'success', text: answer.detail }),
          onError: (error) => setNotice({ tone: 'error', text: `Error asking for a books check: ${errorDetail(error)}` }),
        });
      }}
    >
      <Icon name="shield" size={16} /> {run.isPending ? 'Asking...' : 'Check the books now'}
    </button>
  );
  const progress = status.running
    ? 'Checking the books now...'
    : status.requested
      ? `A check was asked for ${formatDateTime(status.requestedAt ?? '')}: it runs within a minute.`
      : null;

  return (
    <section className="books-status" aria-label="Books check" data-testid="books-check">
      {differences.length > 0 ? (
        <div className="alert alert--error books-check" role="alert">
          <p data-testid="books-status-text">
            <strong>The books do not balance.</strong> {text}
          </p>
          <ul aria-label="Differences">
            {differences.slice(0, SHOWN).map((difference) => (
              <li key={`${difference.account}-${difference.account_id ?? ''}-${difference.what}`}>
                {difference.label}
                {difference.player_name && ` (${difference.player_name})`}: {difference.what}{' '}
                {hasLedger(difference) && (
                  <button
                    type="button"
                    className="btn btn--secondary btn--small"
                    aria-label={`Ledger entries of ${difference.label}`}
                    onClick={() => setLedgerOf(difference)}
                  >
                    Ledger entries
                  </button>
                )}
              </li>
            ))}
          </ul>
          {differences.length > SHOWN && <p>and {differences.length - SHOWN} more: run manage.py reconcile for the list.</p>}
        </div>
      ) : (
        <p className={checkedAt ? 'all-clear' : 'muted'} role="status">
          {checkedAt && <Icon name="checkCircle" size={18} />}
          <span data-testid="books-status-text">{text}</span>
        </p>
      )}
      {(checkedAt || progress || runNow) && (
        <div className="books-status__foot">
          {checkedAt && <span className="muted">Last checked {formatDateTime(checkedAt)}.</span>}
          {progress && (
            <span className="muted" role="status">
              {progress}
            </span>
          )}
          {runNow}
        </div>
      )}
      <NoticeBanner notice={notice} />
      {ledgerOf && <LedgerModal difference={ledgerOf} onClose={() => setLedgerOf(null)} />}
    </section>
  );
}
