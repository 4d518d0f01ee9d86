import type { DecisionKind } from '@/components/decision-form';
import { Icon } from '@/components/icon';

/** Approve and Deny on a request's card; `subject` names it for screen readers ("Borin's request #5"). */
export function DecisionButtons({ subject, onDecide }: { subject: string; onDecide: (kind: DecisionKind) => void }) {
  return (
    <div className="actions-row">
      <button type="button" className="btn btn--primary btn--small" aria-label={`Approve ${subject}`} onClick={() => onDecide('approve')}>
        <Icon name="check" size={16} />
        Approve
      </button>
      <button type="button" className="btn btn--danger btn--small" aria-label={`Deny ${subject}`} onClick={() => onDecide('deny')}>
        <Icon name="x" size={16} />
        Deny
      </button>
    </div>
  );
}
