import { formatDateTime } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { Icon } from '@/components/icon';
import { useBooksCheck } from '@/features/jobs/api/use-reconcile';
import '@/components/bank-ui.css';
import '@/features/jobs/daily-jobs.css';

const SHOWN = 5;

/** On the admin Overview: the last check of the books; red, naming each account, when one differs. */
export function BooksCheckNotice() {
  const check = useBooksCheck();
  const data = check.data;
  if (!data) return null;
  if (!data.checked_at) {
    return (
      <p className="muted" data-testid="books-check">
        The books have not been checked yet: the daily check runs by itself.
      </p>
    );
  }
  const when = formatDateTime(data.checked_at);
  const accounts = plural(data.accounts_checked, 'account');
  if (data.differences.length === 0) {
    return (
      <p className="all-clear" role="status" data-testid="books-check">
        <Icon name="checkCircle" size={18} /> The books balance: {accounts} checked {when}.
      </p>
    );
  }
  return (
    <div className="alert alert--error books-check" role="alert" data-testid="books-check">
      <p>
        <strong>The books do not balance:</strong> {data.differences.length} of {accounts}{' '}
        {data.differences.length === 1 ? 'differs from its ledger' : 'differ from their ledger'} (checked {when}).
      </p>
      <ul>
        {data.differences.slice(0, SHOWN).map((difference) => (
          <li key={`${difference.label}-${difference.what}`}>
            {difference.label}
            {difference.player_name && ` (${difference.player_name})`}: {difference.what}
          </li>
        ))}
      </ul>
      {data.differences.length > SHOWN && <p>and {data.differences.length - SHOWN} more: run manage.py reconcile for the list.</p>}
    </div>
  );
}
