import type { DecisionKind } from '@/components/decision-form';
import { Icon } from '@/components/icon';

interface DecisionButtonsProps {
  /** names the request for screen readers ("Borin's request #5") */
  subject: string;
  onDecide: (kind: DecisionKind) => void;
  /** four eyes: the officer already approved it ("You approved it on ..."): Approve gives way to a waiting state */
  waiting?: string;
}

/** Approve and Deny on a request's card; an officer whose approval waits for a second officer may still deny. */
export function DecisionButtons({ subject, onDecide, waiting }: DecisionButtonsProps) {
  return (
    <div className="actions-row">
      {waiting ? (
        <p className="item-card__reason" role="note" aria-label={`Waiting for a second officer on ${subject}`}>
          <span className="item-card__reason-label">Waiting for a second officer</span>
          {waiting}
        </p>
      ) : (
        <button type="button" className="btn btn--primary btn--small" aria-label={`Approve ${subject}`} onClick={() => onDecide('approve')}>
          <Icon name="check" size={16} />
          Approve
        </button>
      )}
      <button type="button" className="btn btn--danger btn--small" aria-label={`Deny ${subject}`} onClick={() => onDecide('deny')}>
        <Icon name="x" size={16} />
        Deny
      </button>
    </div>
  );
}
