import type { ReactNode } from 'react';
import { Icon, type IconName } from '@/components/icon';
import { formatDateTime } from '@/lib/dates';
import { approversText, awaitingText, roleAtLeast, type Approval, type Role } from '@/lib/officers';
import { DecisionButtons } from '@/features/requests/decision-buttons';
import type { RequestCardProps } from '@/features/requests/request-types';
import { useMay, useMyApproval, useOfficerRole } from '@/features/officers';
import '@/components/bank-ui.css';


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
  /** four eyes: the approvals a large request has while it waits for a second officer, and every
   * approver of a decided one */
  approvals?: readonly Approval[];
  /** a decided request that was carried out: its approvers are listed ("Approved by ..."); one denied
   * or cancelled after a first approval says so ("Approved first by ...") */
  approved?: boolean;
  /** the least role that decides it, when not a request's (a proposal names its own) */
  leastRole?: Role;
  /** the request's figures and notes */
  children: ReactNode;
}

/**
 * A request's card in a request tab (loans, withdrawals, pearl exchanges): who asked and what, the
 * status, the tab's own figures, and Approve and Deny while the request waits.
 */
export function RequestCard<T>({ request, onDecide, testId, titleId, icon, title, meta, badge, subject, approvals, approved, leastRole, children }: Props<T>) {
  // who decides a request is the server's word (`may.decide`); a proposal names its own least role
  const role = useOfficerRole();
  const mayDecideRequests = useMay('decide');
  const mayDecide = leastRole ? roleAtLeast(role, leastRole) : mayDecideRequests;
  const pending = subject !== undefined;
  const awaiting = pending ? awaitingText(approvals) : null;
  // the officer who gave the first approval waits for another: Approve again would answer 409
  const mine = useMyApproval(awaiting ? approvals : undefined);
  const approvers = pending ? null : approversText(approvals);
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
      {approvers && (
        <p className="item-card__reason" data-testid="approvers">
          <span className="item-card__reason-label">Approvers</span>
          {approved ? 'Approved by' : 'Approved first by'} {approvers}
        </p>
      )}
      {pending && mayDecide && (
        <DecisionButtons
          subject={subject}
          onDecide={(kind) => onDecide({ kind, request })}
          waiting={mine && `Approved by you (${mine.officer}) on ${formatDateTime(mine.at)}; another officer must approve before it is carried out.`}
        />
      )}
    </article>
  );
}
