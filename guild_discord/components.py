"""What a pressed button or a submitted modal does (MESSAGE_COMPONENT, MODAL_SUBMIT), by its custom_id:

- `bank:confirm:<id>` / `bank:cancel:<id>`: a player's `/bank loan` or `/bank withdraw` (commands.py).
  Confirm claims the PendingCommand with a conditional UPDATE (open -> filed, only the caller's own,
  not expired) in the transaction that files the request through the site's service: a second press,
  a replay or presses at once file it once; what the service refuses is answered and nothing is filed;
- `staff:approve|deny:<kind>:<id>`, `staff:deny_reason:<kind>:<id>` (the Deny modal) and
  `staff:approve_code:<kind>:<id>` (the Approve modal asking for a code, where a fresh factor is needed): staff.py."""

from datetime import timedelta

from django.db import transaction

from accounts.models import User
from bank import clock
from bank.errors import BankError
from lending.loans.serializers import LoanRequestIn
from lending.loans.services import loan_request_create
from lending.savings.serializers import WithdrawalRequestIn
from lending.savings.services import withdrawal_request_create

from . import rules, staff
from .commands import linked_user, private, read
from .models import PendingCommand


def _file_loan(user: User, params: dict) -> tuple[int, str]:
    data = read(
        LoanRequestIn, {"value": params["amount"], "total_days": params["days"], "request_reason": params["reason"]}
    )
    pending = loan_request_create(
        user=user,
        player_id=None,
        value=data["value"],
        total_days=data["total_days"],
        request_reason=data.get("request_reason", ""),
    )
    return pending.pk, (
        f"Filed: loan request #{pending.pk} for €{pending.value:,} over {pending.total_days} days "
        f"(€{pending.total_to_pay:,} to pay). An officer decides it; the bank tells you the decision."
    )


def _file_withdrawal(user: User, params: dict) -> tuple[int, str]:
    data = read(
        WithdrawalRequestIn,
        {
            "amount": params["amount"],
            "withdrawal_date": params["date"],
            "withdrawal_time": params["time"],
            "player_timezone": params["timezone"],
        },
    )
    request = withdrawal_request_create(
        user=user,
        player_id=None,
        amount=data["amount"],
        withdrawal_date=data["withdrawal_date"],
        withdrawal_time=data["withdrawal_time"],
        player_timezone=data["player_timezone"],
    )
    return request.pk, (
        f"Filed: withdrawal request #{request.pk} for €{request.amount:,}. An officer decides it; the bank "
        "tells you the decision."
    )


FILERS = {"loan": _file_loan, "withdraw": _file_withdrawal}


def _updated(content: str) -> dict:
    """The caller's own message, edited, its buttons gone."""
    return {
        "type": rules.UPDATE_MESSAGE,
        "data": {"content": content[:2000], "components": [], "allowed_mentions": {"parse": []}},
    }


def _players_button(interaction: dict, action: str, pending_id: int, *, site_url: str) -> dict:
    user = linked_user(interaction)
    if user is None:
        return private(rules.unlinked_answer(site_url))
    mine = PendingCommand.objects.filter(pk=pending_id, user=user)
    if not mine.exists():
        return private(rules.NOT_YOUR_BUTTON)
    open_ = mine.filter(
        state=PendingCommand.State.OPEN, created_at__gt=clock.now() - timedelta(seconds=rules.CONFIRM_SECONDS)
    )
    # a press that finds it gone is answered apart: the message keeps what the first press made of it
    if action == "cancel":
        claimed = open_.update(state=PendingCommand.State.CANCELLED)
        return _updated(rules.CANCELLED) if claimed else private(rules.CONFIRM_GONE)
    with transaction.atomic():
        if not open_.update(state=PendingCommand.State.FILED):
            return private(rules.CONFIRM_GONE)
        row = mine.get()
        try:
            with transaction.atomic():
                filed_id, text = FILERS[row.kind](user, row.params)
        except BankError as error:
            mine.update(state=PendingCommand.State.CANCELLED)
            return _updated(f"Not filed: {error.detail}")
        mine.update(filed_id=filed_id)
    return _updated(text)


def _custom_id(interaction: dict) -> tuple[list[str], int | None]:
    parts = str((interaction.get("data") or {}).get("custom_id", "")).split(":")
    try:
        return parts, int(parts[-1])
    except ValueError:
        return parts, None


def run(interaction: dict, *, site_url: str) -> dict:
    """The answer to a MESSAGE_COMPONENT or MODAL_SUBMIT interaction."""
    parts, object_id = _custom_id(interaction)
    if object_id is None:
        return private("The bank does not know this button.")
    if interaction.get("type") == rules.MODAL_SUBMIT:
        if parts[:2] == ["staff", "deny_reason"] and len(parts) == 4:
            return staff.deny_submitted(interaction, kind_name=parts[2], request_id=object_id)
        if parts[:2] == ["staff", "approve_code"] and len(parts) == 4:
            return staff.approve_code_submitted(interaction, kind_name=parts[2], request_id=object_id)
        return private("The bank does not know this form.")
    if parts[0] == "bank" and len(parts) == 3 and parts[1] in {"confirm", "cancel"}:
        return _players_button(interaction, parts[1], object_id, site_url=site_url)
    if parts[0] == "staff" and len(parts) == 4 and parts[1] in {"approve", "deny"}:
        return staff.press(interaction, action=parts[1], kind_name=parts[2], request_id=object_id, site_url=site_url)
    return private("The bank does not know this button.")
