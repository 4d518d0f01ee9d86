"""Every write about savings accounts, their weeks, and withdrawals (docs/rules.md, Savings,
Withdrawals).

Lock order, the bank's one order (docs/rules.md, "Lock order"), so that two writes never wait on
each other: the player first, then the request row being decided (withdrawal, exchange), then the
player's savings in primary-key order. Locking the player serialises everything that opens, grows or
empties that player's savings, which is what keeps the client limits and the balances true under
concurrency.
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from accounts.models import Player, User
from accounts.services import player_locked
from bank.core import audit, bulk, ledger, live, outbox
from bank.core.decisions import AwaitingSecondApproval, approvers, four_eyes, locked_pending
from bank.core.errors import BankError
from bank.core.texts import day_text
from credit.models import CreditEvent
from credit.rules import POINTS_FIRST_SAVINGS, POINTS_MORE_SAVINGS, POINTS_WEEKLY_PAYMENT
from credit.services import credit_record
from lending import rules
from lending.callers import player_of_caller
from lending.savings.models import Savings, SavingsWeek, WithdrawalRequest

Action = CreditEvent.Action

ALREADY_PROCESSED = "This withdrawal request was already processed."
DENY_NEEDS_REASON = "A reason is required to deny a withdrawal request"
AUTO_BATCH = 2_000  # accounts caught up per transaction by the overdue run
SAVINGS_FIELDS = ("invested_value", "interest_rate", "start_date", "next_week", "next_due_date", "admin_notes")
WEEK_COLUMNS = (
    "savings",
    "week",
    "due_date",
    "status",
    "interest",
    "interest_compounded",
    "auto_processed",
    "reverted_from",
    "points_awarded",
    "marked_by",
    "marked_at",
)


def _today() -> date:
    return timezone.localdate()


def _locked_savings(savings_id: int) -> Savings:
    savings = Savings.objects.select_for_update().filter(pk=savings_id).first()
    if savings is None:
        raise BankError("Savings account not found", code="not_found", status=404)
    return savings


def _player_then_savings(savings_id: int) -> tuple[Player, Savings]:
    """The account's player and the account, locked in the written order (player first)."""
    owner_id = Savings.objects.filter(pk=savings_id).values_list("player_id", flat=True).first()
    if owner_id is None:
        raise BankError("Savings account not found", code="not_found", status=404)
    player = player_locked(player_id=owner_id)
    return player, _locked_savings(savings_id)


def _active_savings_locked(player: Player) -> list[Savings]:
    """The player's active savings, locked, oldest first (the caller holds the player's row)."""
    return list(Savings.objects.select_for_update().filter(player=player, status=Savings.Status.ACTIVE).order_by("pk"))


def _check_client_limits(player: Player, *, new_accounts: int, added_value: int, status: int) -> None:
    """Refuse (with `status`) what would break the player's client limits; the caller holds the player."""
    active = _active_savings_locked(player)
    refusal = rules.client_limit_refusal(
        limit=rules.CLIENT_LIMITS[player.client_type],
        active_count=len(active),
        active_total=sum(savings.invested_value for savings in active),
        new_accounts=new_accounts,
        added_value=added_value,
    )
    if refusal:
        raise BankError(refusal, code="client_limit", status=status)


def savings_open(
    *,
    player: Player,
    invested_value: int,
    by: User | None,
    interest_rate: Decimal | None = None,
    start_date: date | None = None,
    notes: str = "",
    limit_status: int = 400,
    funded_by: ledger.Account | None = None,
    reason: str = "savings_deposit",
    cause=None,
) -> Savings:
    """A new Active account with its savings_opened points. The caller holds the player's row and has
    checked that the player may get products; the client limits are checked here (refused with
    `limit_status`: 400 when an admin asks now, 409 when a request decided later no longer fits).
    The bread comes from `funded_by` (the player's own, by default: a deposit), for `reason`."""
    _check_client_limits(player, new_accounts=1, added_value=invested_value, status=limit_status)
    start = start_date or _today()
    rate = interest_rate if interest_rate is not None else rules.savings_rate(score=player.credit_score)
    first = not Savings.objects.filter(player=player).exists()
    savings = Savings.objects.create(
        player=player,
        principal=invested_value,
        invested_value=invested_value,
        interest_rate=rate,
        start_date=start,
        next_week=1,
        next_due_date=rules.week_due_date(start, 1),
        created_by=by,
        admin_notes=notes,
    )
    ledger.move(
        amount=invested_value,
        source=funded_by or ledger.player(player.pk),
        to=ledger.savings(savings.pk),
        reason=reason,
        player_id=player.pk,
        cause=cause or savings,
        actor=by,
    )
    credit_record(
        player_id=player.pk,
        action_type=Action.SAVINGS_OPENED,
        points=POINTS_FIRST_SAVINGS if first else POINTS_MORE_SAVINGS,
        reason=f"Savings #{savings.pk} opened: €{invested_value:,}",
        admin=by,
    )
    live.notify({"savings"}, [player.pk])
    return savings


def savings_grow(
    *,
    player: Player,
    savings_id: int,
    amount: int,
    funded_by: ledger.Account,
    reason: str,
    cause=None,
    actor: User | None = None,
    limit_status: int = 409,
) -> Savings:
    """Add bread from `funded_by` to one of the player's active accounts (a pearl sale), within the
    client limits. The caller holds the player's row."""
    savings = _locked_savings(savings_id)
    if savings.player_id != player.pk or savings.status != Savings.Status.ACTIVE:
        raise BankError("That savings account is not one of the player's active accounts", code="not_found", status=404)
    _check_client_limits(player, new_accounts=0, added_value=amount, status=limit_status)
    savings.invested_value += amount
    savings.save(update_fields=["invested_value"])
    ledger.move(
        amount=amount,
        source=funded_by,
        to=ledger.savings(savings.pk),
        reason=reason,
        player_id=player.pk,
        cause=cause,
        actor=actor,
    )
    live.notify({"savings"}, [player.pk])
    return savings


def savings_take(
    *, savings: Savings, amount: int, to: ledger.Account, reason: str, cause=None, actor: User | None = None
) -> None:
    """Take bread out of a locked account to `to`, for `reason`; emptied to 0, it closes (Withdrawn)."""
    ledger.move(
        amount=amount,
        source=ledger.savings(savings.pk),
        to=to,
        reason=reason,
        player_id=savings.player_id,
        cause=cause,
        actor=actor,
    )
    savings.invested_value -= amount
    fields = ["invested_value"]
    if savings.invested_value == 0:
        savings.status = Savings.Status.WITHDRAWN
        savings.closed_at = timezone.now()
        fields += ["status", "closed_at"]
    savings.save(update_fields=fields)


def savings_create(
    *,
    player_id: int,
    invested_value: int,
    admin: User,
    interest_rate: Decimal | None = None,
    notes: str = "",
    start_date: date | None = None,
) -> Savings:
    """Admin Add Product: a savings account at the player's rate, within the client limits."""
    with transaction.atomic():
        player = player_locked(player_id=player_id)
        if player.bad_payer:
            raise BankError(rules.BAD_PAYER_PRODUCTS, code="bad_payer")
        savings = savings_open(
            player=player,
            invested_value=invested_value,
            by=admin,
            interest_rate=interest_rate,
            start_date=start_date,
            notes=notes,
        )
        audit.record(
            actor=admin,
            kind="savings.created",
            obj=savings,
            player=player,
            after=audit.snapshot(savings, SAVINGS_FIELDS),
        )
        return savings


@dataclass(frozen=True)
class SavingsMark:
    entry: SavingsWeek
    savings: Savings
    reverted: bool  # a Not Paid week changed to Paid: its compounded interest was taken back out
    changed: bool  # False when the week already had this status
    balance_change: int = 0  # what the call did to the balance: + interest compounded, - interest taken back
    solo_gain: int = 0  # savings never feed the solo dividends (docs/rules.md, Savings)


def _award_week_points(entry: SavingsWeek, *, player: Player, admin: User | None) -> None:
    if entry.status == SavingsWeek.Status.PAID and not entry.points_awarded:
        entry.points_awarded = True
        entry.save(update_fields=["points_awarded"])
        credit_record(
            player_id=player.pk,
            action_type=Action.WEEKLY_PAYMENT,
            points=POINTS_WEEKLY_PAYMENT,
            reason=f"Savings #{entry.savings_id} week {entry.week} paid",
            admin=admin,
        )


@transaction.atomic
def savings_payment_mark(*, savings_id: int, status: str, admin: User, week: int | None = None) -> SavingsMark:
    """Record the due week Paid or Not Paid; or change the latest recorded week (`week`).

    Paid pays the week's interest out (the balance stays); Not Paid adds it to the balance. Only the
    latest recorded week may change, since every later week's interest depends on it: Not Paid ->
    Paid takes its interest back out (reverted), Paid -> Not Paid compounds it.
    """
    if status not in SavingsWeek.Status.values:
        raise ValueError(f"unknown payment status {status!r}")  # the serializer passes only the two
    player, savings = _player_then_savings(savings_id)
    if savings.status != Savings.Status.ACTIVE:
        raise BankError("This savings account is closed.", code="savings_closed", status=409)
    latest = savings.next_week - 1
    if week is None or week == savings.next_week:
        return _record_due_week(player=player, savings=savings, status=status, admin=admin)
    if week != latest:
        message = (
            f"Only the latest recorded week (week {latest}) can be changed"
            if 1 <= week < latest
            else f"Week {week} cannot be recorded yet: week {savings.next_week} comes first"
        )
        raise BankError(message, code="not_latest_week", status=409 if 1 <= week < latest else 400)
    entry = SavingsWeek.objects.select_for_update().get(savings=savings, week=week)
    if entry.status == status:
        return SavingsMark(entry=entry, savings=savings, reverted=False, changed=False)
    reverted = entry.status == SavingsWeek.Status.NOT_PAID
    before = {"week": entry.week, "status": entry.status, "invested_value": savings.invested_value}
    if reverted:  # Not Paid -> Paid: the compounded interest leaves the balance again
        if savings.invested_value - entry.interest_compounded <= 0:
            raise BankError("The balance no longer holds this week's interest", code="not_covered", status=409)
        change = -entry.interest_compounded
        entry.reverted_from = SavingsWeek.Status.NOT_PAID
        entry.interest_compounded = 0
    else:  # Paid -> Not Paid: the week's interest stays in the account
        change = entry.interest
        entry.interest_compounded = entry.interest
        entry.reverted_from = ""
    savings.invested_value += change
    entry.status = status
    entry.auto_processed = False
    entry.marked_by = admin
    entry.save()
    savings.save(update_fields=["invested_value"])
    # Not Paid -> Paid: the interest leaves the balance, paid out in the game; Paid -> Not Paid: the
    # interest paid out in the game goes into the balance instead
    ledger.adjust(
        account=ledger.savings(savings.pk),
        delta=change,
        counterpart=ledger.player(player.pk),
        reason="week_changed_to_paid" if reverted else "week_changed_to_not_paid",
        player_id=player.pk,
        cause=entry,
        actor=admin,
    )
    _award_week_points(entry, player=player, admin=admin)
    _week_audit_and_notice(admin=admin, player=player, savings=savings, entry=entry, before=before)
    live.notify({"savings"}, [player.pk])
    return SavingsMark(entry=entry, savings=savings, reverted=reverted, changed=True, balance_change=change)


def _record_due_week(*, player: Player, savings: Savings, status: str, admin: User) -> SavingsMark:
    if savings.next_due_date > _today():
        message = f"Week {savings.next_week} is not due until {day_text(savings.next_due_date)}"
        raise BankError(message, code="not_due", fields={"payment_status": [message]})
    interest = rules.week_interest(savings.invested_value, savings.interest_rate)
    compounded = interest if status == SavingsWeek.Status.NOT_PAID else 0
    entry = SavingsWeek.objects.create(
        savings=savings,
        week=savings.next_week,
        due_date=savings.next_due_date,
        status=status,
        interest=interest,
        interest_compounded=compounded,
        marked_by=admin,
    )
    before = {"week": entry.week, "status": None, "invested_value": savings.invested_value}
    savings.invested_value += compounded
    savings.next_week += 1
    savings.next_due_date = rules.week_due_date(savings.start_date, savings.next_week)
    savings.save(update_fields=["invested_value", "next_week", "next_due_date"])
    # the bank pays the week's interest: into the balance (Not Paid) or to the player in the game (Paid)
    paid = status == SavingsWeek.Status.PAID
    ledger.move(
        amount=interest,
        source=ledger.BANK,
        to=ledger.player(player.pk) if paid else ledger.savings(savings.pk),
        reason="week_interest_paid" if paid else "week_interest_compounded",
        player_id=player.pk,
        cause=entry,
        actor=admin,
    )
    _award_week_points(entry, player=player, admin=admin)
    _week_audit_and_notice(admin=admin, player=player, savings=savings, entry=entry, before=before)
    live.notify({"savings"}, [player.pk])
    return SavingsMark(entry=entry, savings=savings, reverted=False, changed=True, balance_change=compounded)


def _missed_week_text(savings_id: int, week: int, due: date) -> str:
    return f"week {week} of Savings #{savings_id} (due {day_text(due)}) was recorded Not Paid."


def _week_audit_and_notice(*, admin: User, player: Player, savings: Savings, entry: SavingsWeek, before: dict) -> None:
    audit.record(
        actor=admin,
        kind="savings.payment_marked",
        obj=savings,
        player=player,
        before=before,
        after={"week": entry.week, "status": entry.status, "invested_value": savings.invested_value},
    )
    if entry.status == SavingsWeek.Status.NOT_PAID and before["status"] != SavingsWeek.Status.NOT_PAID:
        outbox.enqueue(
            kind="payment.missed",
            player=player,
            content=_missed_week_text(savings.pk, entry.week, entry.due_date),
            officer=admin.get_username() if admin is not None else "",
        )


@dataclass(frozen=True)
class OverdueRun:
    processed_count: int  # weeks marked Not Paid
    accounts_count: int  # accounts caught up
    total_solo_gain: int = 0  # savings never feed the solo dividends


def savings_auto_process_overdue(*, admin: User | None = None, today: date | None = None) -> OverdueRun:
    """Mark every overdue week of every active account Not Paid (auto-processed), week by week,
    compounding each; idempotent (a second run finds nothing overdue). Accounts are caught up in
    batches, each batch one transaction with its rows locked."""
    today = today or _today()
    weeks_marked = accounts = 0
    last_pk = 0
    while True:
        with transaction.atomic():
            overdue = Savings.objects.filter(status=Savings.Status.ACTIVE, next_due_date__lt=today)
            candidates = list(overdue.filter(pk__gt=last_pk).order_by("pk").values_list("pk", "player_id")[:AUTO_BATCH])
            if not candidates:
                break
            # the lock order: the players first (in id order), then their accounts, read again locked
            players = Player.objects.select_for_update().filter(pk__in={pid for _, pid in candidates}).order_by("pk")
            owners = {player.pk: player for player in players}
            batch = list(overdue.select_for_update().filter(pk__in=[pk for pk, _ in candidates]).order_by("pk"))
            for savings in batch:
                savings.player = owners[savings.player_id]
            before = {savings.pk: audit.snapshot(savings, ("invested_value", "next_week")) for savings in batch}
            entries = []
            moves = []
            now = timezone.now()
            marked_by = admin.pk if admin else None
            for savings in batch:
                while savings.next_due_date < today:
                    interest = rules.week_interest(savings.invested_value, savings.interest_rate)
                    moves.append(
                        ledger.Move(
                            amount=interest,
                            source=ledger.BANK,
                            to=ledger.savings(savings.pk),
                            reason="week_interest_compounded",
                            player_id=savings.player_id,
                            actor=admin,
                            notes=f"Week {savings.next_week}, auto-processed",
                        )
                    )
                    entries.append(
                        (
                            savings.pk,
                            savings.next_week,
                            savings.next_due_date,
                            SavingsWeek.Status.NOT_PAID,
                            interest,
                            interest,
                            True,
                            "",
                            False,
                            marked_by,
                            now,
                        )
                    )
                    savings.invested_value += interest
                    savings.next_week += 1
                    savings.next_due_date = rules.week_due_date(savings.start_date, savings.next_week)
            # executemany (bank.core.bulk): bulk_create and bulk_update took 3 s of every 4 at 10,000 accounts
            bulk.insert_rows(SavingsWeek, WEEK_COLUMNS, entries)
            ledger.move_many(moves)
            bulk.update_rows(
                Savings,
                ["invested_value", "next_week", "next_due_date"],
                ((savings.invested_value, savings.next_week, savings.next_due_date, savings.pk) for savings in batch),
            )
            audit.record_many(
                actor=admin,
                kind="savings.auto_processed",
                changes=[
                    audit.Change(
                        obj=savings,
                        player=savings.player,
                        before=before[savings.pk],
                        after=audit.snapshot(savings, ("invested_value", "next_week")),
                    )
                    for savings in batch
                ],
            )
            outbox.enqueue_many(
                kind="payment.missed",
                messages=[
                    (
                        savings.player,
                        f"{savings.next_week - before[savings.pk]['next_week']} overdue week(s) of "
                        f"Savings #{savings.pk} were recorded Not Paid automatically.",
                    )
                    for savings in batch
                ],
                officer=admin.get_username() if admin is not None else "",
            )
            live.notify({"savings"}, sorted({savings.player_id for savings in batch}))
            weeks_marked += len(entries)
            accounts += len(batch)
            last_pk = candidates[-1][0]
    return OverdueRun(processed_count=weeks_marked, accounts_count=accounts)


@transaction.atomic
def savings_edit(
    *,
    savings_id: int,
    admin: User,
    invested_value: int | None = None,
    interest_rate: Decimal | None = None,
    admin_notes: str | None = None,
) -> Savings:
    """Admin edit of an active account's balance, weekly rate or notes; a higher balance must still
    fit the client limits."""
    if invested_value is None and interest_rate is None and admin_notes is None:
        raise BankError(
            "Nothing to change: send invested_value, interest_rate or admin_notes", code="nothing_to_change"
        )
    player, savings = _player_then_savings(savings_id)
    if savings.status != Savings.Status.ACTIVE:
        raise BankError("This savings account is closed.", code="savings_closed", status=409)
    before = audit.snapshot(savings, SAVINGS_FIELDS)
    fields = []
    if invested_value is not None and invested_value != savings.invested_value:
        growth = invested_value - savings.invested_value
        if growth > 0:
            _check_client_limits(player, new_accounts=0, added_value=growth, status=400)
        savings.invested_value = invested_value
        fields.append("invested_value")
        ledger.adjust(
            account=ledger.savings(savings.pk),
            delta=growth,
            counterpart=ledger.BANK,
            reason="balance_edit",
            player_id=player.pk,
            cause=savings,
            actor=admin,
            notes=admin_notes or "",
        )
    if interest_rate is not None:
        savings.interest_rate = interest_rate
        fields.append("interest_rate")
    if admin_notes is not None:
        savings.admin_notes = admin_notes
        fields.append("admin_notes")
    if fields:
        savings.save(update_fields=fields)
        _savings_audit(admin=admin, kind="savings.edited", player=player, savings=savings, before=before)
        live.notify({"savings"}, [player.pk])
    return savings


def _savings_audit(*, admin: User, kind: str, player: Player, savings: Savings, before: dict) -> None:
    after = audit.snapshot(savings, SAVINGS_FIELDS)
    changed = [name for name in SAVINGS_FIELDS if before[name] != after[name]]
    audit.record(
        actor=admin,
        kind=kind,
        obj=savings,
        player=player,
        before={name: before[name] for name in changed},
        after={name: after[name] for name in changed},
    )


@transaction.atomic
def savings_change_date(*, savings_id: int, new_date: date, admin: User) -> Savings:
    """Move the start; the weeks not yet recorded fall due from the new start."""
    rules.check_start_date(new_date, today=_today())
    player, savings = _player_then_savings(savings_id)
    if savings.status != Savings.Status.ACTIVE:
        raise BankError("This savings account is closed.", code="savings_closed", status=409)
    before = audit.snapshot(savings, SAVINGS_FIELDS)
    savings.start_date = new_date
    savings.next_due_date = rules.week_due_date(new_date, savings.next_week)
    savings.save(update_fields=["start_date", "next_due_date"])
    _savings_audit(admin=admin, kind="savings.date_changed", player=player, savings=savings, before=before)
    live.notify({"savings"}, [savings.player_id])
    return savings


# --- withdrawals -----------------------------------------------------------------------------


def withdrawal_request_create(
    *,
    user: User,
    player_id: int | None,
    amount: int,
    withdrawal_date: date,
    withdrawal_time,
    player_timezone: int,
) -> WithdrawalRequest:
    """A player asks to take bread out of their savings at a date and time that suits them."""
    player = player_of_caller(user=user, player_id=player_id, missing=rules.NO_PROFILE_WITHDRAWAL)
    first, last = rules.withdrawal_date_window(_today())
    if not first <= withdrawal_date <= last:
        message = f"The withdrawal date must be between {day_text(first)} and {day_text(last)}"
        raise BankError(message, fields={"withdrawal_date": [message]})
    available = sum(
        Savings.objects.filter(player=player, status=Savings.Status.ACTIVE).values_list("invested_value", flat=True)
    )
    if amount > available:
        message = f"You can withdraw at most €{available:,}, the total of your active savings"
        raise BankError(message, code="over_available", fields={"amount": [message]})
    with transaction.atomic():
        request = WithdrawalRequest.objects.create(
            player=player,
            amount=amount,
            withdrawal_date=withdrawal_date,
            withdrawal_time=withdrawal_time,
            player_timezone=player_timezone,
            requested_by=user,
        )
        live.notify({"withdrawal_requests"}, [player.pk])
    return request


def _locked_withdrawal(request_id: int) -> tuple[Player, WithdrawalRequest]:
    """The request's player, then the request (the lock order), if the request is still pending."""
    return locked_pending(
        WithdrawalRequest,
        request_id,
        not_found="Withdrawal request not found",
        already_processed=ALREADY_PROCESSED,
        lock_owner=lambda player_id: player_locked(player_id=player_id),
    )


@transaction.atomic
def withdrawal_request_approve(
    *, request_id: int, admin: User, notes: str = ""
) -> WithdrawalRequest | AwaitingSecondApproval:
    """Take the amount out of the player's active savings, oldest first; an account emptied closes.
    If they no longer cover it, 409 and nothing changes. Above the four-eyes threshold the first
    officer's approval is only recorded (bank.core.decisions)."""
    player, request = _locked_withdrawal(request_id)
    active = _active_savings_locked(player)
    available = sum(savings.invested_value for savings in active)
    if available < request.amount:
        raise BankError(
            f"The player's savings (€{available:,}) no longer cover this withdrawal of €{request.amount:,}",
            code="not_covered",
            status=409,
        )
    awaiting = four_eyes(
        request=request,
        amount=request.amount,
        officer=admin,
        notes=notes,
        kind="withdrawal",
        player=player,
        live_kind="withdrawal_requests",
    )
    if awaiting is not None:
        return awaiting
    left = request.amount
    for savings in active:  # oldest first
        if left == 0:
            break
        taken = min(left, savings.invested_value)
        savings_take(
            savings=savings, amount=taken, to=ledger.player(player.pk), reason="withdrawal", cause=request, actor=admin
        )
        left -= taken
    request.status = WithdrawalRequest.Status.APPROVED
    request.decided_by = admin
    request.decided_at = timezone.now()
    request.admin_notes = notes
    request.save(update_fields=["status", "decided_by", "decided_at", "admin_notes"])
    audit.record(
        actor=admin,
        kind="withdrawal.approved",
        obj=request,
        player=player,
        before={"status": "pending", "available": available},
        after={
            "status": "approved",
            "amount": request.amount,
            "available": available - request.amount,
            "approved_by": approvers(request, admin),
        },
    )
    outbox.enqueue(
        kind="withdrawal.approved",
        player=player,
        content=(
            f"your withdrawal of €{request.amount:,} was approved, for {day_text(request.withdrawal_date)} "
            f"at {request.withdrawal_time:%H:%M} (GMT{request.player_timezone:+d})."
        ),
        officer=approvers(request, admin),
    )
    live.notify({"withdrawal_requests", "savings"}, [player.pk])
    return request


@transaction.atomic
def withdrawal_request_deny(*, request_id: int, admin: User, reason: str) -> WithdrawalRequest:
    player, request = _locked_withdrawal(request_id)  # a decided request answers 409 before anything else
    if not reason:
        raise BankError(DENY_NEEDS_REASON, code="reason_required", fields={"admin_notes": [DENY_NEEDS_REASON]})
    request.status = WithdrawalRequest.Status.DENIED
    request.decided_by = admin
    request.decided_at = timezone.now()
    request.admin_notes = reason
    request.save(update_fields=["status", "decided_by", "decided_at", "admin_notes"])
    audit.record(
        actor=admin,
        kind="withdrawal.denied",
        obj=request,
        player=player,
        before={"status": "pending"},
        after={"status": "denied", "admin_notes": reason},
    )
    outbox.enqueue(
        kind="withdrawal.denied",
        player=player,
        content=f"your withdrawal request of €{request.amount:,} was denied. Reason: {reason}",
        officer=admin.get_username(),
    )
    live.notify({"withdrawal_requests"}, [request.player_id])
    return request
