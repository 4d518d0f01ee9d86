import { StatBox } from '@/components/stat-box';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from '@/lib/money';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/officers';
import type { Proposal } from '@/features/proposals/api/use-proposals';
import { RequestCard, type RequestCardProps } from '@/features/requests';

/** The role the server names as the least that decides it; an unknown name is kept for treasurers. */
function leastRoleOf(proposal: Proposal): Role {
  return ROLES.find((role) => role === proposal.least_role) ?? 'treasurer';
}

/**
 * A change waiting for a second officer: what it does, for which player, its effect and why it
 * waits, all in the server's words and figures; Approve and Deny for the roles that may decide it.
 */
export function ProposalCard({ request: proposal, onDecide }: RequestCardProps<Proposal>) {
  const leastRole = leastRoleOf(proposal);
  return (
    <RequestCard
      request={proposal}
      onDecide={onDecide}
      approvals={proposal.approvals}
      leastRole={leastRole}
      testId={`proposal-${proposal.id}`}
      titleId={`proposal-${proposal.id}-title`}
      icon="shield"
      title={`${proposal.kind_label} · ${proposal.object_label || `Change #${proposal.id}`}`}
      meta={`Proposed by ${proposal.proposed_by} · ${formatDateTime(proposal.created_at)}`}
      badge={{ tone: 'warning', label: 'Waiting' }}
      subject={`change #${proposal.id}`}
    >
      <p className="item-card__summary" data-testid="proposal-summary">
        {proposal.summary}
      </p>
      <dl className="stat-grid stat-grid--three stat-grid--stacked">
        <StatBox label="Player" value={proposal.player_name || 'The bank as a whole'} />
        <StatBox label="Effect" value={formatMoney(proposal.effect)} tone="gold" testId="proposal-effect" />
        <StatBox label="Decided by" value={leastRole === 'treasurer' ? 'A treasurer' : `${ROLE_LABELS[leastRole]} or above`} />
      </dl>
      <p className="item-card__reason" data-testid="proposal-reason">
        <span className="item-card__reason-label">Why two officers</span>
        {proposal.reason}
      </p>
      {proposal.not_before && (
        <p className="item-card__reason" data-testid="proposal-not-before">
          <span className="item-card__reason-label">Not before</span>
          {formatDateTime(proposal.not_before)}
        </p>
      )}
    </RequestCard>
  );
}
