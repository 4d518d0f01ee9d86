"""What waits for an officer (issue 30, "Waiting for me"): across loan requests, withdrawals, pearl
exchanges and the officers' own changes waiting as proposals, what this officer may decide now, apart
from what waits for a second officer they cannot be (site layer: it reads every app).

An item is the officer's to decide when it is pending, their role may decide it, and they have not
approved it already (a proposal they made waits for someone else, unless it is a sole treasurer's change
whose published delay is over). An item with a first approval that this officer cannot give the second
one to waits for a second officer. Five queries whatever the number of items: one a kind, and one for
the officers whose approvals are read (an approval counts only while its officer may still decide).
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db.models import F

from bank import clock, decisions, roles
from bank.models import Proposal
from exchange.models import PearlExchangeRequest
from lending.models import PendingLoan, WithdrawalRequest

SHOWN = 50  # the oldest first; the counts say how many in all


@dataclass(frozen=True)
class Source:
    kind: str
    label: str
    model: type[PendingLoan] | type[WithdrawalRequest] | type[PearlExchangeRequest]
    amount: str  # the field holding the bread at stake
    created: str


REQUESTS = (
    Source("loan_request", "Loan request", PendingLoan, "value", "created_at"),
    Source("withdrawal", "Withdrawal", WithdrawalRequest, "amount", "created_at"),
    Source("exchange", "Pearl exchange", PearlExchangeRequest, "bread_amount", "created_at"),
)


def _pending_items() -> list[dict]:
    """Every pending request and proposal, as items (four queries), oldest first."""
    items = []
    for source in REQUESTS:
        rows = (
            source.model.objects.filter(status="pending")
            .order_by(source.created, "id")
            .values("id", "player_id", "approvals", source.amount, source.created, player_name=F("player__name"))
        )
        for row in rows:
            items.append(
                {
                    "kind": source.kind,
                    "kind_label": source.label,
                    "id": row["id"],
                    "player_id": row["player_id"],
                    "player_name": row["player_name"],
                    "summary": f"{source.label} #{row['id']}: €{row[source.amount]:,}",
                    "amount": row[source.amount],
                    "created_at": row[source.created],
                    "least_role": roles.LOAN_OFFICER,
                    "reason": "",
                    "not_before": None,
                    "proposed_by_id": None,
                    "stored_approvals": list(row["approvals"] or []),
                }
            )
    for proposal in Proposal.objects.filter(status=Proposal.Status.PENDING).order_by("created_at", "id"):
        items.append(
            {
                "kind": "proposal",
                "kind_label": decisions.change_of(proposal.kind).label,
                "id": proposal.pk,
                "player_id": proposal.player_id,
                "player_name": proposal.player_name,
                "summary": proposal.summary,
                "amount": proposal.effect,
                "created_at": proposal.created_at,
                "least_role": proposal.least_role,
                "reason": proposal.reason,
                "not_before": proposal.not_before,
                "proposed_by_id": proposal.proposed_by_id,
                "stored_approvals": list(proposal.approvals or []),
            }
        )
    return sorted(items, key=lambda item: item["created_at"])


def waiting_for(officer) -> dict:
    """The officer's two lists, oldest first (at most SHOWN each), and how many each holds in all."""
    items = _pending_items()
    ids = {approval.get("officer_id") for item in items for approval in item["stored_approvals"]}
    officers = {
        row["id"]: row
        for row in get_user_model().objects.filter(pk__in=ids).values("id", "is_active", "is_staff", "role")
    }
    role = roles.role_of(officer)
    now = clock.now()
    mine, second = [], []
    for item in items:
        least = item.pop("least_role")
        stored = item.pop("stored_approvals")
        proposed_by = item.pop("proposed_by_id")
        # an approval counts only while its officer is active and may still decide it (bank.decisions)
        approvals = [
            approval
            for approval in stored
            if (row := officers.get(approval.get("officer_id")))
            and row["is_active"]
            and row["is_staff"]
            and roles.role_at_least(row["role"] or None, least)
        ]
        item["least_role"] = least
        item["approvals"] = decisions.approvals_out(approvals)
        own_after_delay = proposed_by == officer.pk and item["not_before"] is not None and item["not_before"] <= now
        approved_by_me = not own_after_delay and any(a.get("officer_id") == officer.pk for a in approvals)
        if roles.role_at_least(role, least) and not approved_by_me:
            mine.append(item)
        elif approvals:
            second.append(item)
    return {
        "for_me": mine[:SHOWN],
        "waiting_for_second": second[:SHOWN],
        "for_me_count": len(mine),
        "waiting_for_second_count": len(second),
    }
