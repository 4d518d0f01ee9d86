"""Deciding a player's request, written once for every kind (a loan, a withdrawal, a pearl exchange):
docs/rules.md, "Requests" and "Four eyes". Plumbing: imports no app; each kind is a `RequestKind`
that its app writes (lending, exchange), supplying what differs: the amount the decision is about,
the checks before it, the effect of an approval, and the words of the audit entry and the player's
message.

Approving (`approve`) or denying (`deny`) a request, in the caller's transaction:
1. the player's row, then the request's, locked in the bank's order (docs/rules.md, "Lock order"); a
   request that does not exist answers 404, one already decided or cancelled 409 before anything else;
2. (approve) the kind's checks (`check`): what no longer fits answers 409 and nothing changes;
3. (approve) four eyes (`bank.decisions.decide`): above the threshold a first approval is only
   recorded, and the answer is AwaitingSecondApproval;
4. (approve) the kind's effect (`carry_out`), its ledger entries naming the decision;
5. the request marked approved or denied with its decider, time and notes; one audit entry; one
   message to the player (the outbox, sent after the commit); one live notice.
A denial needs a reason (400) and changes nothing else.
"""

from dataclasses import dataclass
from typing import Any, ClassVar

from django.db import transaction

from bank import audit, clock, decisions, live, outbox, roles
from bank.decisions import AwaitingSecondApproval, Verdict
from bank.errors import BankError
from bank.models import PlayerRequest


@dataclass(frozen=True)
class Checked:
    """What the kind's checks found: for the audit entry, values before the decision (`before`) and
    after it (`after`), beside the status; for the effect, what it needs of them (`found`: the
    accounts the checks locked, say)."""

    before: dict
    after: dict
    found: Any = None


class RequestKind[R: PlayerRequest]:
    """One kind of player request and what deciding it means. Subclasses set the class attributes and
    write the hooks; `approve`, `deny` and `cancel` are the same for every kind."""

    model: ClassVar[type[Any]]  # the request's model (a PlayerRequest)
    kind: ClassVar[str]  # the decision's, audit entries' and messages' kind: "loan_request", "withdrawal" ...
    live_kind: ClassVar[str]  # the notice its screens refresh on
    not_found: ClassVar[str]  # 404's detail
    already_processed: ClassVar[str]  # 409's detail once decided or cancelled
    deny_needs_reason: ClassVar[str]  # 400's detail for a denial without a reason
    least_role: ClassVar[str] = roles.LOAN_OFFICER
    approved_notices: ClassVar[frozenset[str]] = frozenset()  # other kinds an approval changes ("savings")
    extra_saved: ClassVar[tuple[str, ...]] = ()  # the request's fields the effect sets (converted_loan ...)

    # --- the hooks -----------------------------------------------------------------------------

    def amount(self, request: R) -> int:
        """The bread the decision is about (four eyes sums it)."""
        raise NotImplementedError

    def details(self, request: R) -> dict:
        """The decision record's details."""
        raise NotImplementedError

    def asked_total(self, request: R, player) -> int:
        """What the player asked for in the 24 hours up to the request (a request split in parts)."""
        return decisions.asked(player_id=player.pk, until=request.created_at)

    def check(self, request: R, player) -> Checked:
        """Refuse (BankError, 409) what no longer fits before anything is decided; answers what the audit
        entry records about it."""
        return Checked(before={}, after={})

    def carry_out(self, request: R, player, *, officer, notes: str, verdict: Verdict, checked: Checked) -> Any:
        """The approval's effect, inside the decision's scope; answers what `approve` answers."""
        raise NotImplementedError

    def approved_values(self, request: R, result: Any, notes: str) -> dict:
        """What the audit entry of an approval records beside its status and approvers."""
        return {}

    def denied_values(self, request: R) -> dict:
        """What the audit entry of a denial records beside its status and reason."""
        return {}

    def approved_message(self, request: R, result: Any) -> str:
        raise NotImplementedError

    def denied_message(self, request: R, reason: str) -> str:
        raise NotImplementedError

    # --- the workflow --------------------------------------------------------------------------

    def locked(self, request_id: int) -> tuple[Any, R]:
        """The request's player and the request's row, both locked until the caller's transaction ends,
        if the request is still pending. The player first, then the request (docs/rules.md, "Lock
        order"). A request that does not exist answers 404; one already decided or cancelled answers
        409 and nothing changes, before any other check of the decision."""
        owner_id = self.model.objects.filter(pk=request_id).values_list("player_id", flat=True).first()
        if owner_id is None:
            raise BankError(self.not_found, code="not_found", status=404)
        player = decisions.lock_player(owner_id)
        request = self.model.objects.select_for_update().filter(pk=request_id).first()
        if request is None:  # removed (with its player) while this waited for the player's lock
            raise BankError(self.not_found, code="not_found", status=404)
        if request.status != PlayerRequest.Status.PENDING:
            raise BankError(self.already_processed, code="already_processed", status=409)
        return player, request

    @transaction.atomic
    def approve(self, *, request_id: int, officer, notes: str = "") -> Any:
        """Approve: the effect's answer, or AwaitingSecondApproval when a second officer must approve."""
        player, request = self.locked(request_id)
        checked = self.check(request, player)
        verdict = decisions.decide(
            kind=self.kind,
            officer=officer,
            player=player,
            amount=self.amount(request),
            least_role=self.least_role,
            request=request,
            notes=notes,
            asked_total=self.asked_total(request, player),
            live_kind=self.live_kind,
            details=self.details(request),
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            result = self.carry_out(request, player, officer=officer, notes=notes, verdict=verdict, checked=checked)
        self._mark(request, status=PlayerRequest.Status.APPROVED, officer=officer, notes=notes)
        audit.record(
            actor=officer,
            kind=f"{self.kind}.approved",
            obj=request,
            player=player,
            before={"status": "pending", **checked.before},
            after={
                "status": "approved",
                **self.approved_values(request, result, notes),
                **checked.after,
                "approved_by": verdict.approved_by,
            },
        )
        outbox.enqueue(
            kind=f"{self.kind}.approved",
            player=player,
            content=self.approved_message(request, result),
            officer=verdict.approved_by_public,
        )
        live.notify({self.live_kind, *self.approved_notices}, [player.pk])
        return result

    @transaction.atomic
    def deny(self, *, request_id: int, officer, reason: str) -> R:
        """Deny, with the reason the player reads (a request already decided answers 409 first)."""
        player, request = self.locked(request_id)
        if not reason:
            raise BankError(
                self.deny_needs_reason, code="reason_required", fields={"admin_notes": [self.deny_needs_reason]}
            )
        self._mark(request, status=PlayerRequest.Status.DENIED, officer=officer, notes=reason)
        audit.record(
            actor=officer,
            kind=f"{self.kind}.denied",
            obj=request,
            player=player,
            before={"status": "pending"},
            after={"status": "denied", **self.denied_values(request), "admin_notes": reason},
        )
        outbox.enqueue(
            kind=f"{self.kind}.denied",
            player=player,
            content=self.denied_message(request, reason),
            officer=officer.public_name,
        )
        live.notify({self.live_kind}, [player.pk])
        return request

    @transaction.atomic
    def cancel(self, *, request_id: int, user) -> R:
        """The player cancels their own request before anyone decided it (docs/rules.md, "Requests"):
        409 once it is decided (or cancelled) or when an officer proposed it, 404 when it is another
        player's or none. Audited; the screens are told."""
        player, request = self.locked(request_id)
        if player.user_id != user.pk:
            raise BankError(self.not_found, code="not_found", status=404)
        if request.requested_by_id is not None and request.requested_by_id != user.pk:
            raise BankError("An officer proposed this: an officer decides it", code="not_yours_to_cancel", status=409)
        request.status = PlayerRequest.Status.CANCELLED
        request.cancelled_at = clock.now()
        request.save(update_fields=["status", "cancelled_at"])
        audit.record(
            actor=user,
            kind=f"{self.kind}.cancelled",
            obj=request,
            player=player,
            before={"status": "pending"},
            after={"status": "cancelled"},
        )
        live.notify({self.live_kind}, [player.pk])
        return request

    def _mark(self, request: R, *, status: str, officer, notes: str) -> None:
        request.status = status
        request.decided_by = officer
        request.decided_at = clock.now()
        request.admin_notes = notes
        request.save(
            update_fields=["status", "decided_by", "decided_at", "admin_notes", "approvals", *self.extra_saved]
        )
