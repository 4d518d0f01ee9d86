import { Icon } from '@/components/icon';
import { formatDateTime } from '@/lib/dates';
import type { AuditEntry } from '@/features/audit/api/use-audit';
import { formatAuditValue, changedFields } from '@/features/audit/audit-format';

export function AuditEntryCard({ entry, onPickPlayer, showPlayer }: { entry: AuditEntry; onPickPlayer?: (playerId: number) => void; showPlayer: boolean }) {
  const fields = changedFields(entry);
  return (
    <article className="card item-card audit-entry" aria-labelledby={`audit-${entry.id}-title`} data-testid={`audit-entry-${entry.id}`}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name="history" />
          </span>
          <div>
            <h3 className="item-card__title" id={`audit-${entry.id}-title`}>
              {entry.kind_label}
            </h3>
            <p className="item-card__meta">
              by {entry.actor_name} · {formatDateTime(entry.created_at)}
              {entry.object_label && <> · {entry.object_label}</>}
            </p>
          </div>
        </div>
        {showPlayer &&
          entry.player_id !== null &&
          (onPickPlayer ? (
            <button
              type="button"
              className="btn btn--secondary btn--small"
              aria-label={`Show only ${entry.player_name}'s entries`}
              onClick={() => onPickPlayer(entry.player_id as number)}
            >
              <Icon name="user" size={16} />
              {entry.player_name}
            </button>
          ) : (
            <span className="badge badge--wraps badge--neutral">{entry.player_name}</span>
          ))}
      </header>
      {fields.length > 0 && (
        <table className="audit-changes">
          <caption className="visually-hidden">Values before and after</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field}>
                <th scope="row">{field.replaceAll('_', ' ')}</th>
                <td>{formatAuditValue(entry.before[field], entry.field_kinds[field])}</td>
                <td>{formatAuditValue(entry.after[field], entry.field_kinds[field])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
