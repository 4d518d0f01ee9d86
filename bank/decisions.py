"""Decisions: every change with a money effect, carried out by one officer within the four-eyes rules or
waiting for a second (docs/rules.md, "Four eyes"). Plumbing: imports no app; the apps register what
they need from it (how to lock a player, what a player asked for, how to carry out a proposal).

A decision has an amount the server computes (a request's amount, an edit's difference in what the
bank will owe or be owed, the interest a start date makes due ...). It takes a second, different
officer when

- its amount, added to what the same officer decided alone for the same player in the last 24 hours,
  is above the bank's threshold (`BankSettings.four_eyes_above`);
- what the player asked for in the 24 hours up to the request is above it (a request split in parts);
- or the change takes two whatever its amount (an edit of a product two officers created, a start date
  moved back further than the bank allows one officer, a change of the bank's own controls).

The first approval is recorded on the request (a player's request) or on a `Proposal` (an officer's
own change); a second approval carries it out, under the same row locks. An approval counts only while
its officer is active and may still decide it; an officer appointed by X is never the second approver
of what X started. Every decision carried out leaves a `DecisionRecord`, and the ledger entries it
causes carry the record's id, so `reconcile` can check every movement against its approvers.
"""

from collections.abc import Callable, Iterable, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Sum
from rest_framework import serializers

from bank import audit, clock, ledger, live, roles, step_up
from bank.errors import BankError
from bank.fields import enum_field
from bank.models import BankSettings, DecisionRecord, Proposal
from bank.texts import counted, day_text

WINDOW = timedelta(hours=24)  # "summed per player over 24 hours"
SOLE_TREASURER_DELAY = timedelta(hours=24)  # a sole treasurer's change of the bank's controls waits this long


# --- what the apps register ---------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """A kind of officer's change that can wait as a proposal: who may approve it, and how it is
    carried out once approved (`carry_out(proposal, verdict)`, in the approval's transaction, holding
    the player's and the proposal's locks; it answers what it made, for `Proposal.result`)."""

    kind: str
    label: str  # "Loan edit"
    least_role: str
    carry_out: Callable[[Proposal, "Verdict"], dict]
    treasurers: bool = False  # a change of the bank's controls: a second treasurer, or the published delay


_changes: dict[str, Change] = {}
_lockers: dict[str, Callable[[int], Any]] = {}  # the locked row is an app's model
_asked_sources: list[Callable[..., int]] = []


def register_change(change: Change) -> None:
    _changes[change.kind] = change


def change_of(kind: str) -> Change:
    return _changes[kind]


def register_player_locker(lock: Callable[[int], object]) -> None:
    """How to lock a player's row by id (accounts registers it): a proposal's approval locks the player
    first, as every write does."""
    _lockers["player"] = lock


def lock_player(player_id: int) -> Any:
    """The player's row, locked until the transaction ends (as accounts registered it)."""
    return _lockers["player"](player_id)


def register_asked(source: Callable[..., int]) -> None:
    """A source of what a player asked for: `source(player_id=, since=, until=)` answers the bread of
    the player's own requests filed in that window and not denied (lending, exchange register theirs)."""
    _asked_sources.append(source)


# --- the threshold and the sums -------------------------------------------------------------------


def four_eyes_above() -> int:
    return BankSettings.current().four_eyes_above


def decided_alone(*, officer_id: int, player_id: int | None, now: datetime | None = None) -> int:
    """What this officer decided alone for this player (None: bank-wide) in the 24 hours up to now."""
    now = now or clock.now()
    rows = DecisionRecord.objects.filter(officer_id=officer_id, second_officer_id__isnull=True, at__gt=now - WINDOW)
    rows = rows.filter(player_id=player_id) if player_id is not None else rows.filter(player_id__isnull=True)
    return rows.aggregate(total=Sum("amount"))["total"] or 0


def asked(*, player_id: int, until: datetime) -> int:
    """What the player asked for (loans, withdrawals, pearl exchanges, not denied) in the 24 hours up to
    `until` (a request's filing)."""
    return sum(source(player_id=player_id, since=until - WINDOW, until=until) for source in _asked_sources)


def _money(amount: int) -> str:
    return f"€{amount:,}"


def moment_text(moment: datetime) -> str:
    """`21 Nov 2026 14:05` in the bank's time zone."""
    local = clock.local(moment)
    return f"{day_text(local.date())} {local:%H:%M}"


def why_two(
    *, officer, player_id: int | None, amount: int, threshold: int, always: str = "", asked_total: int = 0
) -> str:
    """Why this decision needs a second officer, in a sentence; "" when one is enough."""
    if always:
        return always
    if amount > threshold:
        return f"{_money(amount)} is above the four-eyes threshold ({_money(threshold)})"
    if asked_total > threshold:
        return (
            f"the player asked for {_money(asked_total)} in 24 hours, above the four-eyes threshold "
            f"({_money(threshold)})"
        )
    earlier = decided_alone(officer_id=officer.pk, player_id=player_id) if amount else 0
    if earlier + amount > threshold:
        whom = "for this player" if player_id is not None else "for the bank"
        return (
            f"with the {_money(earlier)} you decided alone {whom} in the last 24 hours, {_money(earlier + amount)} "
            f"is above the four-eyes threshold ({_money(threshold)})"
        )
    return ""


# --- who may approve ------------------------------------------------------------------------------


def _officers(ids: Iterable[int | None]) -> dict[int | None, Mapping[str, Any]]:
    known = {officer_id for officer_id in ids if officer_id is not None}
    if not known:
        return {}
    rows = (
        get_user_model().objects.filter(pk__in=known).values("id", "is_active", "is_staff", "role", "appointed_by_id")
    )
    return {row["id"]: row for row in rows}


def _may_decide(row: Mapping[str, Any] | None, least_role: str) -> bool:
    return bool(row and row["is_active"] and row["is_staff"] and roles.role_at_least(row["role"] or None, least_role))


def appointed_by_chain(officer_id: int, *, depth: int = 10) -> list[int]:
    """The officers who appointed this one, and who appointed them ... (nearest first)."""
    chain: list[int] = []
    current = officer_id
    for _ in range(depth):
        above = get_user_model().objects.filter(pk=current).values_list("appointed_by_id", flat=True).first()
        if above is None or above in chain or above == officer_id:
            break
        chain.append(above)
        current = above
    return chain


APPOINTED = "{second} was appointed by {first}: an officer {first} appointed cannot be the second approver of what {first} started"
# the other way round: an officer cannot be the second approver of what an officer they appointed
# started (a treasurer's puppet account proposing, the treasurer approving, is one person deciding)
APPOINTER = "{first} was appointed by {second}: {second} cannot be the second approver of what an officer they appointed started"


def counting_approvals(approvals: list[dict], least_role: str) -> list[dict]:
    """The approvals that still count: their officer is active and may still decide it."""
    rows = _officers(approval.get("officer_id") for approval in approvals)
    return [approval for approval in approvals if _may_decide(rows.get(approval.get("officer_id")), least_role)]


# --- the verdict ----------------------------------------------------------------------------------

AWAITING_SECOND_APPROVAL = "awaiting_second_approval"
STEP_UP_WHAT = "approve a decision that needs two officers (above the four-eyes threshold)"
ALREADY_APPROVED_BY_YOU = "You have already approved this request: a second officer must approve it"


@dataclass(frozen=True)
class AwaitingSecondApproval:
    """A first approval of a decision that needs two officers: recorded, nothing carried out."""

    request: Any  # the request waiting (an app's model) or a Proposal
    approvals: list[dict]
    reason: str = ""
    proposal: Proposal | None = None

    def answer(self) -> dict:
        return {"status": AWAITING_SECOND_APPROVAL, "approvals": approvals_out(self.approvals), "reason": self.reason}

    @property
    def detail(self) -> str:
        if self.proposal is not None and self.proposal.not_before is not None:
            return (
                f"Proposed by {shown_name(self.approvals[0])}; the bank has one treasurer, so it can be carried "
                f"out from {moment_text(self.proposal.not_before)}, or approved by a second treasurer"
            )
        return f"Approved by {shown_name(self.approvals[0])}; a second officer must approve"


def shown_name(approval: dict) -> str:
    """The approving officer as the screens name them: the display name recorded with the approval
    (an approval recorded before display names existed keeps its username: officers alone read it)."""
    return approval.get("officer_name") or approval["officer"]


@dataclass
class Verdict:
    """A decision that may be carried out now: its record, written in the caller's transaction.
    Carry it out inside `carrying_out()`, so that every ledger entry it writes names it."""

    record: DecisionRecord
    officer: Any  # the officer carrying it out now (the second, when it took two): accounts.User
    officer_names: list[str] = field(default_factory=list)  # usernames, for the audit trail
    public_names: list[str] = field(default_factory=list)  # display names, for what a player reads

    @contextmanager
    def carrying_out(self):
        with ledger.decision_scope(self.record.pk):
            yield self.record

    @property
    def approved_by(self) -> str:
        """Who approved it, by username, for the audit trail: both officers when it took two."""
        return " and ".join(self.officer_names)

    @property
    def approved_by_public(self) -> str:
        """Who approved it as a player may read it (the Discord message's footer): the officers'
        display names, never their usernames (docs/rules.md, "Officers")."""
        return " and ".join(self.public_names)

    @property
    def two(self) -> bool:
        return self.record.second_officer_id is not None


def approvals_out(approvals) -> list[dict]:
    """The approvals as the API answers them (to officers only): who, when, with which notes."""
    return [{"officer": shown_name(a), "at": a["at"], "notes": a.get("notes", "")} for a in approvals or []]


def approval_entry(*, officer, notes: str) -> dict:
    """An approval as the request keeps it: the officer's id, username (for the record) and display
    name (what the screens and the player's Discord message show)."""
    return {
        "officer_id": officer.pk,
        "officer": officer.get_username(),
        "officer_name": officer.public_name,
        "at": clock.now().isoformat(),
        "notes": notes,
    }


def _public_name(approval: dict) -> str:
    """An approval's officer as a player may read it: the display name recorded with it, or (an approval
    recorded before display names existed) the officer's display name now."""
    if approval.get("officer_name"):
        return approval["officer_name"]
    # an approval without an officer id finds no one (pk=None), and the name is the default's
    user = get_user_model().objects.filter(pk=approval.get("officer_id")).first()  # type: ignore[misc]
    return user.public_name if user is not None else get_user_model()().public_name


def _object_type(obj) -> str:
    """The record a decision changed: a proposal stands for the record it proposes to change."""
    if isinstance(obj, Proposal):
        return obj.object_type
    return obj._meta.model_name if obj is not None else ""


def _object_id(obj) -> int | None:
    if isinstance(obj, Proposal):
        return obj.object_id
    return obj.pk if obj is not None else None


def _record(
    *,
    kind: str,
    player_id: int | None,
    amount: int,
    first,
    second,
    threshold: int,
    obj=None,
    proposal: Proposal | None = None,
    details: dict | None = None,
) -> DecisionRecord:
    """first / second: (id, name) of the officers; second None when one decided alone."""
    return DecisionRecord.objects.create(
        at=clock.now(),
        kind=kind,
        player_id=player_id,
        amount=amount,
        officer_id=first[0],
        officer_name=first[1][:150],
        second_officer_id=second[0] if second else None,
        second_officer_name=second[1][:150] if second else "",
        four_eyes_above=threshold,
        object_type=_object_type(obj),
        object_id=_object_id(obj),
        proposal_id=proposal.pk if proposal is not None else None,
        details=audit.value(details or {}),
    )


@dataclass(frozen=True)
class Draft:
    """How an officer's own change waits when it needs a second officer: what the proposal says and
    holds (its typed input as JSON, and the record's fields it was computed on)."""

    summary: str
    params: dict
    basis: dict
    obj: Any = None  # the record the change is about (an app's model), if any
    object_label: str = ""


def decide(
    *,
    kind: str,
    officer,
    player=None,
    amount: int,
    least_role: str,
    request: Any = None,  # the request being decided (an app's model with `approvals`) or a Proposal
    draft: Draft | None = None,
    notes: str = "",
    always_two: str = "",
    asked_total: int = 0,
    live_kind: str = "",
    obj=None,
    details: dict | None = None,
) -> Verdict | AwaitingSecondApproval:
    """May this officer carry out this decision now? Call it inside the decision's transaction, holding
    the player's row (and the request's, when deciding one), after the change's own checks passed and
    before anything is carried out.

    One officer is enough (`why_two` finds no reason): the answer is a Verdict, whose record is written.
    Two are needed: with another officer's approval that still counts on `request`, the answer is a
    Verdict naming both; without one, this approval is recorded (on `request`, or on a new Proposal
    made from `draft`) and the answer is AwaitingSecondApproval: the caller returns it and changes
    nothing else. The same officer approving again answers 409.
    """
    threshold = four_eyes_above()
    player_id = player.pk if player is not None else None
    approvals = counting_approvals(list(getattr(request, "approvals", None) or []), least_role)
    me = (officer.pk, officer.get_username())
    reason = why_two(
        officer=officer,
        player_id=player_id,
        amount=amount,
        threshold=threshold,
        always=always_two,
        asked_total=asked_total,
    )
    if reason and any(approval.get("officer_id") == officer.pk for approval in approvals):
        raise BankError(ALREADY_APPROVED_BY_YOU, code="already_approved_by_you", status=409)
    record_obj = obj if obj is not None else request
    proposal = request if isinstance(request, Proposal) else None
    others = [approval for approval in approvals if approval.get("officer_id") != officer.pk]
    if reason:
        chain = set(appointed_by_chain(officer.pk))
        appointed = [approval for approval in others if approval["officer_id"] in chain]
        appointees = [
            approval
            for approval in others
            if approval["officer_id"] not in chain and officer.pk in appointed_by_chain(approval["officer_id"])
        ]
        others = [approval for approval in others if approval not in appointed and approval not in appointees]
        if appointed and not others:
            first_name = appointed[0]["officer"]
            raise BankError(
                APPOINTED.format(second=officer.get_username(), first=first_name),
                code="appointed_by_first_approver",
                status=409,
            )
        if appointees and not others:
            raise BankError(
                APPOINTER.format(second=officer.get_username(), first=appointees[0]["officer"]),
                code="appointed_the_first_approver",
                status=409,
            )
    if reason:
        # a decision that takes two officers asks each of them for a fresh second factor (step-up)
        step_up.require(officer, what=STEP_UP_WHAT)
    if others:  # a second officer carries out what another approved
        first = (others[0]["officer_id"], others[0]["officer"])
        record = _record(
            kind=kind,
            player_id=player_id,
            amount=amount,
            first=first,
            second=me,
            threshold=threshold,
            obj=record_obj,
            proposal=proposal,
            details=details,
        )
        if request is not None:
            request.approvals = [*others[:1], approval_entry(officer=officer, notes=notes)]
            request.save(update_fields=["approvals"])
        return Verdict(
            record=record,
            officer=officer,
            officer_names=[first[1], me[1]],
            public_names=[_public_name(others[0]), officer.public_name],
        )
    if not reason:
        record = _record(
            kind=kind,
            player_id=player_id,
            amount=amount,
            first=me,
            second=None,
            threshold=threshold,
            obj=record_obj,
            proposal=proposal,
            details=details,
        )
        if request is not None:
            # a decided card lists every approver with their notes and time: this one alone (the caller
            # saves the request with its decision, "approvals" among its fields)
            request.approvals = [approval_entry(officer=officer, notes=notes)]
        return Verdict(record=record, officer=officer, officer_names=[me[1]], public_names=[officer.public_name])
    entry = approval_entry(officer=officer, notes=notes)
    if request is None:
        if draft is None:
            raise ValueError(f"a change of kind {kind!r} that waits needs a draft to propose")
        made = propose(
            kind=kind, officer=officer, player=player, amount=amount, reason=reason, draft=draft, least_role=least_role
        )
        return AwaitingSecondApproval(request=made, approvals=made.approvals, reason=reason, proposal=made)
    request.approvals = [entry]  # an approval that no longer counts is dropped
    request.save(update_fields=["approvals"])
    audit.record(
        actor=officer,
        kind="proposal.first_approved" if proposal is not None else f"{kind}.first_approved",
        obj=request,
        player=player,
        before={"status": "pending"},
        after={
            "status": "pending",
            "amount": amount,
            "four_eyes_above": threshold,
            "why": reason,
            "admin_notes": notes,
        },
    )
    if live_kind:
        live.notify({live_kind}, [player_id] if player_id is not None else [])
    return AwaitingSecondApproval(request=request, approvals=request.approvals, reason=reason, proposal=proposal)


# --- proposals --------------------------------------------------------------------------------------


def _active_treasurers() -> int:
    return get_user_model().objects.filter(is_staff=True, is_active=True, role=roles.TREASURER).count()


def propose(*, kind: str, officer, player, amount: int, reason: str, draft: Draft, least_role: str) -> Proposal:
    """An officer's change that waits for a second officer, holding the proposer's approval. A change
    of the bank's controls waits for a second treasurer, or its published delay while the bank has one."""
    change = change_of(kind)
    not_before = None
    if change.treasurers and _active_treasurers() < 2:
        not_before = clock.now() + SOLE_TREASURER_DELAY
        reason = (
            f"{reason}; the bank has one treasurer, so it waits {counted(int(SOLE_TREASURER_DELAY.total_seconds() // 3600), 'hour')}, "
            "published to every officer"
        )
    obj = draft.obj
    proposal = Proposal.objects.create(
        kind=kind,
        player_id=player.pk if player is not None else None,
        player_name=getattr(player, "name", "")[:64] if player is not None else "",
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=obj.pk if obj is not None else None,
        object_label=draft.object_label[:200],
        summary=draft.summary[:500],
        effect=amount,
        reason=reason[:300],
        params=audit.value(draft.params),
        basis=audit.value(draft.basis),
        least_role=least_role,
        proposed_by=officer,
        proposed_by_name=officer.public_name,
        not_before=not_before,
        approvals=[approval_entry(officer=officer, notes="")],
    )
    audit.record(
        actor=officer,
        kind="proposal.created",
        obj=proposal,
        player=player,
        after={
            "kind": kind,
            "summary": proposal.summary,
            "amount": amount,
            "why": proposal.reason,
            "four_eyes_above": four_eyes_above(),
            "not_before": not_before,
        },
    )
    live.notify({"proposals"})  # admins only
    return proposal


PROPOSAL_NOT_FOUND = "Proposal not found"
PROPOSAL_DECIDED = "This proposal was already decided."


class StaleProposal(Exception):
    """The record a proposal was computed on changed since: it is not carried out."""

    def __init__(self, detail: str):
        super().__init__(detail)
        self.detail = detail


def stale_unless(proposal: Proposal, current: dict, *, noun: str) -> None:
    """Refuse to carry out a proposal whose record no longer stands as it did when proposed."""
    if audit.value(current) != proposal.basis:
        raise StaleProposal(f"{noun} changed since this was proposed: propose the change again")


def _locked_proposal(proposal_id: int) -> tuple[Proposal, object]:
    """The proposal's player (None for a bank-wide change, or when the player was removed since), then
    the proposal, locked in the bank's order, if it is still pending."""
    player_id = Proposal.objects.filter(pk=proposal_id).values_list("player_id", flat=True).first()
    if player_id is None and not Proposal.objects.filter(pk=proposal_id).exists():
        raise BankError(PROPOSAL_NOT_FOUND, code="not_found", status=404)
    player = None
    if player_id is not None:
        try:
            player = lock_player(player_id)
        except BankError as missing:
            if missing.status != 404:
                raise
    proposal = Proposal.objects.select_for_update().filter(pk=proposal_id).first()
    if proposal is None:
        raise BankError(PROPOSAL_NOT_FOUND, code="not_found", status=404)
    if proposal.status != Proposal.Status.PENDING:
        raise BankError(PROPOSAL_DECIDED, code="already_processed", status=409)
    return proposal, player


@dataclass(frozen=True)
class ProposalOutcome:
    proposal: Proposal
    awaiting: AwaitingSecondApproval | None = None
    stale: str = ""


@transaction.atomic
def proposal_approve(*, proposal_id: int, officer, notes: str = "") -> ProposalOutcome:
    """A second officer approves a proposal: it is carried out now, on its record as it stands (or
    marked stale when that record changed since). A sole treasurer carries out their own change of the
    bank's controls once its published delay is over."""
    proposal, player = _locked_proposal(proposal_id)
    change = change_of(proposal.kind)
    if not roles.may(officer, proposal.least_role):
        raise BankError(
            roles.refusal(roles.role_of(officer), proposal.least_role), code="permission_denied", status=403
        )
    if proposal.player_id is not None and player is None:
        gone = f"{proposal.player_name or 'The player'} was removed since this was proposed"
        return ProposalOutcome(
            proposal=_proposal_close(proposal, officer=officer, status=Proposal.Status.STALE, notes=gone, player=None),
            stale=gone,
        )
    own = proposal.proposed_by_id == officer.pk
    verdict: Verdict | AwaitingSecondApproval
    if change.treasurers and own and proposal.not_before is not None:
        if clock.now() < proposal.not_before:
            raise BankError(
                f"This change is published until {moment_text(proposal.not_before)}: "
                "a second treasurer may approve it before then",
                code="not_yet",
                status=409,
            )
        if _active_treasurers() >= 2:
            raise BankError(
                "The bank now has a second treasurer: they must approve this change",
                code="second_treasurer",
                status=409,
            )
        step_up.require(officer, what=STEP_UP_WHAT)
        record = _record(
            kind=proposal.kind,
            player_id=None,
            amount=proposal.effect,
            first=(officer.pk, officer.get_username()),
            second=None,
            threshold=four_eyes_above(),
            obj=proposal,
            proposal=proposal,
            details={"after_published_delay": True, **public_params(proposal)},
        )
        verdict = Verdict(
            record=record, officer=officer, officer_names=[officer.get_username()], public_names=[officer.public_name]
        )
    else:
        verdict = decide(
            kind=proposal.kind,
            officer=officer,
            player=player,
            amount=proposal.effect,
            least_role=proposal.least_role,
            request=proposal,
            notes=notes,
            always_two=proposal.reason,
            live_kind="proposals",
            details=public_params(proposal),
        )
        if isinstance(verdict, AwaitingSecondApproval):  # the first approval no longer counted
            return ProposalOutcome(proposal=proposal, awaiting=verdict)
    try:
        with transaction.atomic(), verdict.carrying_out():
            result = change.carry_out(proposal, verdict)
    except StaleProposal as stale:
        return ProposalOutcome(
            proposal=_proposal_close(
                proposal, officer=officer, status=Proposal.Status.STALE, notes=stale.detail, player=player
            ),
            stale=stale.detail,
        )
    proposal.result = audit.value(result or {})
    _proposal_close(
        proposal, officer=officer, status=Proposal.Status.CARRIED_OUT, notes=notes, player=player, verdict=verdict
    )
    return ProposalOutcome(proposal=proposal)


def public_params(proposal: Proposal) -> dict:
    """A proposal's input without its secrets (an officer's password hash), for records and answers."""
    return {name: value for name, value in proposal.params.items() if name != "secret"}


def _proposal_close(
    proposal: Proposal, *, officer, status: str, notes: str, player, verdict: Verdict | None = None
) -> Proposal:
    proposal.params = public_params(proposal)  # a secret is kept no longer than the proposal waits
    proposal.status = status
    proposal.decided_at = clock.now()
    proposal.decided_by_name = officer.public_name
    proposal.decision_notes = notes
    proposal.save(
        update_fields=["params", "status", "decided_at", "decided_by_name", "decision_notes", "result", "approvals"]
    )
    audit.record(
        actor=officer,
        kind=f"proposal.{status}",
        obj=proposal,
        player=player,
        before={"status": "pending"},
        after={
            "status": status,
            "kind": proposal.kind,
            "summary": proposal.summary,
            "amount": proposal.effect,
            "admin_notes": notes,
            **({"approved_by": verdict.approved_by} if verdict is not None else {}),
        },
    )
    live.notify({"proposals"})
    return proposal


DENY_NEEDS_REASON = "A reason is required to deny a proposal"


@transaction.atomic
def proposal_deny(*, proposal_id: int, officer, reason: str) -> Proposal:
    """Any officer who may approve a proposal may deny it, its proposer included (withdrawing it)."""
    proposal, player = _locked_proposal(proposal_id)
    if not roles.may(officer, proposal.least_role):
        raise BankError(
            roles.refusal(roles.role_of(officer), proposal.least_role), code="permission_denied", status=403
        )
    if not reason:
        raise BankError(DENY_NEEDS_REASON, code="reason_required", fields={"admin_notes": [DENY_NEEDS_REASON]})
    return _proposal_close(proposal, officer=officer, status=Proposal.Status.DENIED, notes=reason, player=player)


# --- the bank's settings ----------------------------------------------------------------------------


class _ShownOfficerField(serializers.CharField):
    """An approval's officer by the name the screens show (`shown_name`), from a stored approval or
    from `approvals_out`'s rows alike."""

    def get_attribute(self, approval):
        return shown_name(approval)


class ApprovalOut(serializers.Serializer):
    officer = _ShownOfficerField(help_text="the approving officer's display name")
    at = serializers.CharField(help_text="when (ISO 8601)")
    notes = serializers.CharField(allow_blank=True, default="")


class AwaitingSecondApprovalOut(serializers.Serializer):
    status = serializers.ChoiceField(choices=[AWAITING_SECOND_APPROVAL])
    approvals = ApprovalOut(many=True)
    reason = serializers.CharField(allow_blank=True, default="", help_text="why it needs a second officer")
    detail = serializers.CharField(help_text='"Approved by {officer}; a second officer must approve"')


def approvals_field():
    return ApprovalOut(
        many=True,
        read_only=True,
        help_text="four eyes: the approvals recorded while a request above the threshold waits for a second officer",
    )


ProposalStatusField = enum_field("ProposalStatusField", Proposal.Status.values)


class ProposalOut(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    kind_label = serializers.SerializerMethodField()
    player_id = serializers.IntegerField(allow_null=True)
    player_name = serializers.CharField(allow_blank=True)
    object_type = serializers.CharField(allow_blank=True)
    object_id = serializers.IntegerField(allow_null=True)
    object_label = serializers.CharField(allow_blank=True)
    summary = serializers.CharField(help_text="what it does, in a sentence")
    effect = serializers.IntegerField(help_text="its money effect, whole bread, computed by the server")
    reason = serializers.CharField(help_text="why it needs a second officer")
    least_role = serializers.CharField(help_text="the least role that may approve or deny it")
    proposed_by = serializers.CharField(source="proposed_by_name")
    created_at = serializers.DateTimeField()
    not_before = serializers.DateTimeField(
        allow_null=True, help_text="a sole treasurer's change: when its published delay ends"
    )
    status = ProposalStatusField()
    approvals = ApprovalOut(many=True)
    decided_at = serializers.DateTimeField(allow_null=True)
    decided_by = serializers.CharField(source="decided_by_name", allow_blank=True)
    decision_notes = serializers.CharField(allow_blank=True)

    def get_kind_label(self, proposal) -> str:
        change = _changes.get(proposal.kind)
        return change.label if change else proposal.kind


class ChangeAwaitingOut(AwaitingSecondApprovalOut):
    proposal = ProposalOut()


def awaiting_answer(awaiting: AwaitingSecondApproval) -> dict:
    """The 202 body of an officer's change that waits for a second officer."""
    return awaiting.answer() | {"detail": awaiting.detail, "proposal": awaiting.proposal}


def awaiting_response(awaiting: AwaitingSecondApproval):
    from rest_framework import status
    from rest_framework.response import Response

    return Response(ChangeAwaitingOut(awaiting_answer(awaiting)).data, status=status.HTTP_202_ACCEPTED)
