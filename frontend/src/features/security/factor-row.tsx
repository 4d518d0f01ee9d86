import { formatDateTime } from '@/lib/dates';
import type { Factor } from '@/features/security/api/use-my-factors';

type FactorRowProps = {
  factor: Factor;
  /** null: this factor cannot be removed now (the bank requires one and it is the last) */
  onRemove: (() => void) | null;
  busy: boolean;
};

/** One factor: its name, kind, when it was added and last used, and Remove. */
export function FactorRow({ factor, onRemove, busy }: FactorRowProps) {
  return (
    <li className="security-factor" data-testid={`factor-${factor.kind}-${factor.id}`}>
      <div>
        <strong>{factor.name}</strong> <span className="muted">· {factor.label}</span>
        <div className="muted">
          Added {factor.created_at ? formatDateTime(factor.created_at) : '-'} · Last used{' '}
          {factor.last_used_at ? formatDateTime(factor.last_used_at) : 'never'}
        </div>
      </div>
      {onRemove ? (
        <button type="button" className="btn btn--secondary btn--small" disabled={busy} onClick={onRemove} aria-label={`Remove ${factor.name}`}>
          Remove
        </button>
      ) : (
        <span className="muted">Add another one before removing this one: the bank requires a second factor.</span>
      )}
    </li>
  );
}
