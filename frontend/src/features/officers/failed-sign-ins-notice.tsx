import { useState } from 'react';
import { Icon } from '@/components/icon';
import { formatDateTime } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { useMyFailedSignIns } from '@/features/officers/api/use-my-failed-sign-ins';
import '@/features/officers/officers.css';

/**
 * Under the admin panel's header: the signed-in officer's own failed sign-ins since their last sign-in
 * (nothing when there were none), the latest few with time and address, and what they mean. Dismissed,
 * it stays away until another attempt comes in.
 */
export function FailedSignInsNotice() {
  const failures = useMyFailedSignIns().data;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const latest = failures?.latest[0];
  if (!failures || failures.count === 0 || !latest) return null;
  const key = `${failures.count}@${latest.at}`;
  if (dismissed === key) return null;
  const attempts = plural(failures.count, 'failed sign-in attempt', 'failed sign-in attempts');
  const since = failures.since ? 'since your last sign-in' : 'on your account';
  const text = `${attempts} ${since}, the latest from ${latest.address} at ${formatDateTime(latest.at)}`;
  return (
    <section className="sign-in-failures" role="status" aria-label="Failed sign-in attempts" data-testid="failed-sign-ins">
      <div className="sign-in-failures__body">
        <p className="sign-in-failures__text">
          <Icon name="shield" size={18} />
          {text}.
        </p>
        {failures.latest.length > 1 && (
          <ul className="sign-in-failures__list" aria-label="Latest attempts">
            {failures.latest.map((failure) => (
              <li key={`${failure.at}-${failure.address}`}>
                {formatDateTime(failure.at)} · {failure.address} · {failure.door}
              </li>
            ))}
          </ul>
        )}
        <p className="sign-in-failures__sub">
          Not you? Someone may be guessing your password: five wrong passwords in a row lock your account only
          for sign-ins from the address they came from. If it goes on, tell a treasurer.
        </p>
      </div>
      <button type="button" className="btn btn--secondary btn--small" onClick={() => setDismissed(key)}>
        Dismiss
      </button>
    </section>
  );
}
