import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/icon';
import { ACTION_LEAST_ROLE, awaitingText, roleAtLeast, type Approval, type Role } from '@/lib/officers';
import { DecisionButtons } from '@/features/admin/decision-buttons';
import type { Decision } from '@/features/admin/request-queue';
import { useOfficerRole } from '@/features/officers/officer-role';
import '@/components/bank-ui.css';

/** What every request tab's card gets from the queue (request-queue.tsx). */
export interface RequestCardProps<T> {
  request: T;
  onDecide: (decision: Decision<T>) => void;
}

interface Props<T> extends RequestCardProps<T> {
  /** the card's test id and the id its title is labelled by */
  testId: string;
  titleId: string;
  icon: IconName;
  title: ReactNode;
  meta: ReactNode;
  badge: { tone: string; label: string };
  /** names the request on Approve and Deny ("Borin's request #5"); none once it is decided */
  subject?: string;
  /** four eyes: the approvals a large request has while it waits for a second officer */
  approvals?: readonly Approval[];
  /** the least role that decides it, when not a request's (a proposal names its own) */
  leastRole?: Role;
  /** the request's figures and notes */
  children: ReactNode;
}

/**
 * A request's card in a request tab (loans, withdrawals, pearl exchanges): who asked and what, the
 * status, the tab's own figures, and Approve and Deny while the request waits.
 */
export function RequestCard<T>({ request, onDecide, testId, titleId, icon, title, meta, badge, subject, approvals, leastRole, children }: Props<T>) {
  // tellers read requests; loan officers and treasurers decide them (the server checks it too)
  const mayDecide = roleAtLeast(useOfficerRole(), leastRole ?? ACTION_LEAST_ROLE.decide);
  const awaiting = subject !== undefined ? awaitingText(approvals) : null;
  return (
    <article className="card item-card" aria-labelledby={titleId} data-testid={testId}>
      <header className="item-card__head">
        <div className="item-card__lead">
          <span className="card__icon" aria-hidden="true">
            <Icon name={icon} />
          </span>
          <div>
            <h3 className="item-card__title" id={titleId}>
              {title}
            </h3>
            <p className="item-card__meta">{meta}</p>
          </div>
        </div>
        <span className={`badge badge--${badge.tone}`}>{badge.label}</span>
      </header>
      {children}
      {awaiting && (
        <p className="item-card__reason" role="note">
          <span className="item-card__reason-label">Four eyes</span>
          {awaiting}
        </p>
      )}
      {subject !== undefined && mayDecide && <DecisionButtons subject={subject} onDecide={(kind) => onDecide({ kind, request })} />}
    </article>
  );
}
