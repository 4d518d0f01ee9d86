"""Deciding a request (a loan, a withdrawal, a pearl exchange): plumbing the apps share (imports no app)."""

from collections.abc import Callable
from dataclasses import dataclass

from django.db import models, transaction
from django.utils import timezone
from rest_framework import serializers

from bank.core import audit, live
from bank.core.errors import BankError
from bank.core.models import BankSettings


def locked_pending[Owner](
    model: type[models.Model],
    request_id: int,
    *,
    not_found: str,
    already_processed: str,
    lock_owner: Callable[[int], Owner],
) -> tuple[Owner, models.Model]:
    """The request's player and the request's row, both locked until the caller's transaction ends,
    if the request is still pending.

    Locks follow the bank's one order (docs/rules.md, "Lock order"): the player first (`lock_owner`
    takes the player's id and answers the locked player), then the request. A request that does not
    exist answers 404; one already approved or denied answers 409 and nothing changes, before any
    other check of the decision (docs/rules.md, Loans).
    """
    owner_id = model.objects.filter(pk=request_id).values_list("player_id", flat=True).first()
    if owner_id is None:
        raise BankError(not_found, code="not_found", status=404)
    owner = lock_owner(owner_id)
    request = model.objects.select_for_update().filter(pk=request_id).first()
    if request is None:  # removed (with its player) while this waited for the player's lock
        raise BankError(not_found, code="not_found", status=404)
    if request.status != "pending":
        raise BankError(already_processed, code="already_processed", status=409)
    return owner, request


# --- four eyes (docs/rules.md, "Four eyes") ------------------------------------------------------

AWAITING_SECOND_APPROVAL = "awaiting_second_approval"
ALREADY_APPROVED_BY_YOU = "You have already approved this request: a second officer must approve it"


@dataclass(frozen=True)
class AwaitingSecondApproval:
    """A first approval of a decision above the four-eyes threshold: recorded, nothing carried out."""

    request: models.Model
    approvals: list[dict]

    def answer(self) -> dict:
        return {"status": AWAITING_SECOND_APPROVAL, "approvals": approvals_out(self.approvals)}

    @property
    def detail(self) -> str:
        return f"Approved by {self.approvals[0]['officer']}; a second officer must approve"


def approvals_out(approvals) -> list[dict]:
    """The approvals as the API answers them: who, when, with which notes."""
    return [{"officer": a["officer"], "at": a["at"], "notes": a.get("notes", "")} for a in approvals or []]


def four_eyes_above() -> int:
    return BankSettings.current().four_eyes_above


def approval_entry(*, officer, notes: str) -> dict:
    return {
        "officer_id": officer.pk,
        "officer": officer.get_username(),
        "at": timezone.now().isoformat(),
        "notes": notes,
    }


def four_eyes(
    *, request: models.Model, amount: int, officer, notes: str, kind: str, player, live_kind: str
) -> AwaitingSecondApproval | None:
    """Whether this approval may be carried out now. Call it holding the request's row lock
    (`locked_pending`), inside the decision's transaction, before anything is carried out.

    At or below the bank's `four_eyes_above` one approval is enough: None. Above it the first
    approval is recorded on the request (audited, the screens told) and answered: the caller
    returns it, and the request stays pending. The same officer again answers 409. Another
    officer's approval is recorded with it and answers None: the caller carries it out, once,
    since the request's lock makes every other approval wait and then find it decided.
    """
    if amount <= four_eyes_above():
        return None
    approvals = list(request.approvals or [])
    if any(approval.get("officer_id") == officer.pk for approval in approvals):
        raise BankError(ALREADY_APPROVED_BY_YOU, code="already_approved_by_you", status=409)
    approvals.append(approval_entry(officer=officer, notes=notes))
    request.approvals = approvals
    request.save(update_fields=["approvals"])
    if len(approvals) > 1:
        return None
    audit.record(
        actor=officer,
        kind=f"{kind}.first_approved",
        obj=request,
        player=player,
        before={"status": "pending"},
        after={"status": "pending", "amount": amount, "four_eyes_above": four_eyes_above(), "admin_notes": notes},
    )
    live.notify({live_kind}, [player.pk])
    return AwaitingSecondApproval(request=request, approvals=approvals)


def approvers(request: models.Model, officer) -> str:
    """Who approved a decision, for its record and its message: both officers above the threshold."""
    names = [approval["officer"] for approval in getattr(request, "approvals", None) or []]
    if officer.get_username() not in names:
        names.append(officer.get_username())
    return " and ".join(names)


@transaction.atomic
def bank_settings_set(*, four_eyes_above: int, by) -> BankSettings:
    """A treasurer changes the bank's settings (the four-eyes threshold)."""
    row = BankSettings.locked()
    before = row.four_eyes_above
    row.four_eyes_above = four_eyes_above
    row.updated_by = by.get_username()
    row.save(update_fields=["four_eyes_above", "updated_by", "updated_at"])
    audit.record(
        actor=by,
        kind="bank.settings_set",
        obj=row,
        before={"four_eyes_above": before},
        after={"four_eyes_above": four_eyes_above},
    )
    live.notify({"bank_settings"})
    return row


class ApprovalOut(serializers.Serializer):
    officer = serializers.CharField(help_text="the approving officer's username")
    at = serializers.CharField(help_text="when (ISO 8601)")
    notes = serializers.CharField(allow_blank=True, default="")


class AwaitingSecondApprovalOut(serializers.Serializer):
    status = serializers.ChoiceField(choices=[AWAITING_SECOND_APPROVAL])
    approvals = ApprovalOut(many=True)
    detail = serializers.CharField(help_text='"Approved by {officer}; a second officer must approve"')


def approvals_field():
    return ApprovalOut(
        many=True,
        read_only=True,
        help_text="four eyes: the approvals recorded while a request above the threshold waits for a second officer",
    )
