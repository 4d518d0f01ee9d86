"""Every write about savings accounts, their weeks, and withdrawals (docs/rules.md, Savings,
Withdrawals).

Lock order, the bank's one order (docs/rules.md, "Lock order"), so that two writes never wait on
each other: the player first, then the request row being decided (withdrawal, exchange, proposal),
then the player's savings in primary-key order. Locking the player serialises everything that opens,
grows or empties that player's savings, which is what keeps the client limits and the balances true
under concurrency.

Every change with a money effect is a decision (bank.decisions, docs/rules.md "Four eyes"); a
waiting change of a savings account is a Proposal, carried out by `carry_out_*` below.
"""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db import DatabaseError, transaction
from django.db.models import Sum

from accounts.models import Player, User
from accounts.selectors import player_for_call
from accounts.services import player_locked
from bank import audit, bulk, clock, decisions, ledger, live, outbox, roles
from bank.decisions import AwaitingSecondApproval, Draft, Verdict
from bank.errors import BankError
from bank.models import BankSettings, DecisionRecord, Proposal
from bank.requests import Checked, RequestKind
from bank.texts import counted, day_text
from credit.models import CreditEvent
from credit.rules import POINTS_FIRST_SAVINGS, POINTS_MORE_SAVINGS, POINTS_WEEKLY_PAYMENT
from credit.services import credit_record
from lending import rules
from lending.savings.models import Savings, SavingsWeek, WithdrawalRequest
from lending.savings.selectors import withdrawal_request_refusal

Action = CreditEvent.Action

ALREADY_PROCESSED = "This withdrawal request was already processed."
DENY_NEEDS_REASON = "A reason is required to deny a withdrawal request"
SAVINGS_CLOSED = "This savings account is closed."
AUTO_BATCH = 2_000  # accounts caught up per transaction by the overdue run
SAVINGS_FIELDS = ("invested_value", "interest_rate", "start_date", "next_week", "next_due_date", "admin_notes")
TWO_CREATED = "two officers opened this account: changing it takes two officers too"
WEEK_COLUMNS = (
    "savings",
    "week",
    "due_date",
    "status",
    "interest",
    "interest_compounded",
    "base",
    "rate",
    "auto_processed",
    "reverted_from",
    "points_awarded",
    "marked_by",
    "marked_at",
    "created_at",
)


def _today() -> date:
    return clock.today()


def _settings() -> BankSettings:
    return BankSettings.current()


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


def _player_then_active_savings(savings_id: int) -> tuple[Player, Savings]:
    player, savings = _player_then_savings(savings_id)
    if savings.status != Savings.Status.ACTIVE:
        raise BankError(SAVINGS_CLOSED, code="savings_closed", status=409)
    savings.player = player
    return player, savings


def _proposed_savings(proposal: Proposal) -> Savings:
    """The account a proposal changes, locked (the approval holds its player): stale when gone or closed."""
    savings = Savings.objects.select_for_update().select_related("player").filter(pk=proposal.object_id).first()  # type: ignore[misc]  # None finds none: stale
    if savings is None or savings.status != Savings.Status.ACTIVE:
        raise decisions.StaleProposal(f"Savings #{proposal.object_id} is no longer active")
    return savings


def savings_locked_active(*, player: Player, savings_id: int | None) -> Savings | None:
    """One of the player's active accounts, locked until the caller's transaction ends (the caller holds
    the player's row: the bank's lock order); None when it is gone, closed or not the player's. The other
    apps take a locked account here, never with a lock of their own."""
    if savings_id is None:
        return None
    return (
        Savings.objects.select_for_update().filter(pk=savings_id, player=player, status=Savings.Status.ACTIVE).first()
    )


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


def _ceiling(player: Player, savings: Savings) -> int:
    """The most this account may hold: the client limit less the player's other active accounts."""
    others = (
        Savings.objects.filter(player=player, status=Savings.Status.ACTIVE)
        .exclude(pk=savings.pk)
        .aggregate(total=Sum("invested_value"))["total"]
        or 0
    )
    return rules.client_limit_ceiling(rules.CLIENT_LIMITS[player.client_type], others=others)


def _past_limit(player: Player, savings: Savings, week: int, interest: int) -> str:
    limit = rules.CLIENT_LIMITS[player.client_type]
    return (
        f"Week {week}'s interest (€{interest:,}) would take {player.name}'s savings past the client limit "
        f"(€{limit.max_total:,}; Savings #{savings.pk} holds €{savings.invested_value:,}): "
        "mark the week Paid to pay the interest out in the game"
    )


def _check_rate(rate: Decimal) -> None:
    """An officer's weekly rate stays within the treasurer's bounds (Bank Settings), on every path."""
    bounds = _settings()
    refusal = rules.rate_bound_refusal(
        rate=rate, low=bounds.savings_rate_min, high=bounds.savings_rate_max, what="weekly savings rate"
    )
    if refusal:
        raise BankError(refusal, code="rate_out_of_bounds", fields={"interest_rate": [refusal]})


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
    four_eyes: bool = False,
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
        opening_rate=rate,
        four_eyes=four_eyes,
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
    savings = Savings.objects.select_for_update().filter(pk=savings_id).first()
    if savings is not None and savings.player_id != player.pk:
        raise BankError("That savings account is not one of the player's active accounts", code="not_found", status=404)
    if savings is None or savings.status != Savings.Status.ACTIVE:
        # the request names it, but it was closed or removed while the request waited: a conflict, not a typo
        raise BankError(
            f"Savings #{savings_id} was closed since: it can no longer receive bread. Deny this request; the "
            "player may ask again into another account.",
            code="savings_closed",
            status=409,
        )
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
        savings.closed_at = clock.now()
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
) -> Savings | AwaitingSecondApproval:
    """Admin Add Product: a savings account at the player's rate, within the client limits. The bread
    the officer records as deposited is a decision of its amount."""
    with transaction.atomic():
        player = player_locked(player_id=player_id)
        if player.bad_payer:
            raise BankError(rules.BAD_PAYER_PRODUCTS, code="bad_payer")
        if interest_rate is not None:
            _check_rate(interest_rate)
        _check_client_limits(player, new_accounts=1, added_value=invested_value, status=400)
        verdict = decisions.decide(
            kind="savings.create",
            officer=admin,
            player=player,
            amount=invested_value,
            least_role=roles.LOAN_OFFICER,
            draft=Draft(
                summary=f"Open a savings account for {player.name} with €{invested_value:,}",
                params={"invested_value": invested_value, "interest_rate": interest_rate, "notes": notes},
                basis={"savings_count": Savings.objects.filter(player=player).count()},
                obj=player,
                object_label=player.name,
            ),
            obj=player,
            details={"invested_value": invested_value},
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _savings_create_apply(
                player=player,
                invested_value=invested_value,
                officer=verdict.officer,
                interest_rate=interest_rate,
                notes=notes,
                start_date=start_date,
                four_eyes=verdict.two,
            )


def _savings_create_apply(
    *, player: Player, invested_value: int, officer: User, interest_rate, notes: str, start_date=None, four_eyes=False
) -> Savings:
    savings = savings_open(
        player=player,
        invested_value=invested_value,
        by=officer,
        interest_rate=interest_rate,
        start_date=start_date,
        notes=notes,
        four_eyes=four_eyes,
    )
    audit.record(
        actor=officer,
        kind="savings.created",
        obj=savings,
        player=player,
        after=audit.snapshot(savings, SAVINGS_FIELDS),
    )
    return savings


def carry_out_create(proposal: Proposal, verdict: Verdict) -> dict:
    assert proposal.player_id is not None  # proposed for its player
    player = player_locked(player_id=proposal.player_id)
    if player.bad_payer:
        raise decisions.StaleProposal(f"{player.name} is a bad payer now: no new products")
    rate = proposal.params.get("interest_rate")
    if rate is not None:
        _check_rate(Decimal(rate))
    savings = _savings_create_apply(
        player=player,
        invested_value=int(proposal.params["invested_value"]),
        officer=verdict.officer,
        interest_rate=Decimal(rate) if rate is not None else None,
        notes=proposal.params.get("notes", ""),
        four_eyes=True,
    )
    return {"savings_id": savings.pk}


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


def _savings_basis(savings: Savings) -> dict:
    return audit.snapshot(savings, ("invested_value", "interest_rate", "start_date", "next_week", "status"))


def savings_payment_mark(
    *, savings_id: int, status: str, admin: User, week: int | None = None
) -> SavingsMark | AwaitingSecondApproval:
    """Record the due week Paid or Not Paid; or change the latest recorded week (`week`).

    Paid pays the week's interest out (the balance stays); Not Paid adds it to the balance, never past
    the client limit. Only the latest recorded week may change, since every later week's interest
    depends on it: Not Paid -> Paid takes its interest back out (reverted), Paid -> Not Paid compounds
    it. The bread a week moves is a decision of that amount."""
    if status not in SavingsWeek.Status.values:
        raise ValueError(f"unknown payment status {status!r}")  # the serializer passes only the two
    with transaction.atomic():
        player, savings = _player_then_active_savings(savings_id)
        plan = _week_plan(player=player, savings=savings, status=status, week=week)
        if plan.unchanged is not None:
            return plan.unchanged
        verdict = decisions.decide(
            kind="savings.payment",
            officer=admin,
            player=player,
            amount=plan.moves,
            least_role=roles.TELLER,
            draft=Draft(
                summary=f"Savings #{savings.pk}: mark week {plan.week} {status} (€{plan.moves:,})",
                params={"week": plan.week, "status": status},
                basis=_savings_basis(savings),
                obj=savings,
                object_label=f"Savings #{savings.pk}",
            ),
            obj=savings,
            details={"week": plan.week, "status": status, "interest": plan.moves},
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _week_apply(player=player, savings=savings, status=status, week=plan.week, officer=verdict.officer)


@dataclass(frozen=True)
class _WeekPlan:
    week: int
    moves: int  # the bread the mark moves
    unchanged: SavingsMark | None = None


def _week_plan(*, player: Player, savings: Savings, status: str, week: int | None) -> _WeekPlan:
    """Which week a mark records, the bread it moves, and the refusals before anything is written."""
    latest = savings.next_week - 1
    if week is None or week == savings.next_week:
        if savings.next_due_date > _today():
            message = f"Week {savings.next_week} is not due until {day_text(savings.next_due_date)}"
            raise BankError(message, code="not_due", fields={"payment_status": [message]})
        interest = rules.week_interest(savings.invested_value, savings.interest_rate)
        if status == SavingsWeek.Status.NOT_PAID and savings.invested_value + interest > _ceiling(player, savings):
            raise BankError(_past_limit(player, savings, savings.next_week, interest), code="client_limit", status=409)
        return _WeekPlan(week=savings.next_week, moves=interest)
    if week != latest:
        message = (
            f"Only the latest recorded week (week {latest}) can be changed"
            if 1 <= week < latest
            else f"Week {week} cannot be recorded yet: week {savings.next_week} comes first"
        )
        raise BankError(message, code="not_latest_week", status=409 if 1 <= week < latest else 400)
    entry = SavingsWeek.objects.select_for_update().get(savings=savings, week=week)
    if entry.status == status:
        return _WeekPlan(
            week=week, moves=0, unchanged=SavingsMark(entry=entry, savings=savings, reverted=False, changed=False)
        )
    if entry.status == SavingsWeek.Status.NOT_PAID:  # Not Paid -> Paid
        if savings.invested_value - entry.interest_compounded <= 0:
            raise BankError("The balance no longer holds this week's interest", code="not_covered", status=409)
        return _WeekPlan(week=week, moves=entry.interest_compounded)
    if savings.invested_value + entry.interest > _ceiling(player, savings):  # Paid -> Not Paid
        raise BankError(_past_limit(player, savings, week, entry.interest), code="client_limit", status=409)
    return _WeekPlan(week=week, moves=entry.interest)


def _week_apply(*, player: Player, savings: Savings, status: str, week: int, officer: User) -> SavingsMark:
    if week == savings.next_week:
        return _record_due_week(player=player, savings=savings, status=status, admin=officer)
    entry = SavingsWeek.objects.select_for_update().get(savings=savings, week=week)
    reverted = entry.status == SavingsWeek.Status.NOT_PAID
    before = {"week": entry.week, "status": entry.status, "invested_value": savings.invested_value}
    if reverted:  # Not Paid -> Paid: the compounded interest leaves the balance again
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
    entry.marked_by = officer
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
        actor=officer,
    )
    _award_week_points(entry, player=player, admin=officer)
    _week_audit_and_notice(admin=officer, player=player, savings=savings, entry=entry, before=before)
    live.notify({"savings"}, [player.pk])
    return SavingsMark(entry=entry, savings=savings, reverted=reverted, changed=True, balance_change=change)


def carry_out_payment(proposal: Proposal, verdict: Verdict) -> dict:
    savings = _proposed_savings(proposal)
    decisions.stale_unless(proposal, _savings_basis(savings), noun=f"Savings #{savings.pk}")
    player = savings.player
    plan = _week_plan(player=player, savings=savings, status=proposal.params["status"], week=proposal.params["week"])
    if plan.unchanged is not None:
        return {"savings_id": savings.pk}
    mark = _week_apply(
        player=player, savings=savings, status=proposal.params["status"], week=plan.week, officer=verdict.officer
    )
    return {"savings_id": savings.pk, "balance_change": mark.balance_change}


def _record_due_week(*, player: Player, savings: Savings, status: str, admin: User) -> SavingsMark:
    interest = rules.week_interest(savings.invested_value, savings.interest_rate)
    compounded = interest if status == SavingsWeek.Status.NOT_PAID else 0
    entry = SavingsWeek.objects.create(
        savings=savings,
        week=savings.next_week,
        due_date=savings.next_due_date,
        status=status,
        interest=interest,
        interest_compounded=compounded,
        base=savings.invested_value,
        rate=savings.interest_rate,
        marked_by=admin,
        created_at=clock.now(),
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
            officer=admin.public_name if admin is not None else "",
        )


# --- the overdue catch-up (docs/rules.md, Savings) ---------------------------------------------------


@dataclass(frozen=True)
class Refused:
    """An account the catch-up could not process (further), and why."""

    savings_id: int
    player_id: int
    player_name: str
    reason: str

    def text(self) -> str:
        return f"Savings #{self.savings_id} ({self.player_name}): {self.reason}"


@dataclass(frozen=True)
class OverdueRun:
    processed_count: int  # weeks marked Not Paid
    accounts_count: int  # accounts caught up
    total_solo_gain: int = 0  # savings never feed the solo dividends
    refused: list[Refused] = field(default_factory=list)  # accounts that could not be processed
    proposals: list[Proposal] = field(default_factory=list)  # catch-ups waiting for a second officer


@dataclass
class _CatchUp:
    """One account's overdue weeks, as the catch-up would record them."""

    savings: Savings
    weeks: list[tuple]  # rows of WEEK_COLUMNS
    interest: int
    refused: str = ""


def _plan_catch_up(
    accounts: list[Savings], *, totals: dict[int, int], today: date, admin: User | None
) -> list[_CatchUp]:
    """Each account's overdue weeks compounded in turn, never past the client limit (the player's total,
    `totals`, grows as their accounts are caught up) nor the largest amount the bank keeps: an account
    stops at the week that would pass it, and says why."""
    now = clock.now()
    marked_by = admin.pk if admin else None
    plans = []
    for savings in accounts:
        player = savings.player
        limit = rules.CLIENT_LIMITS[player.client_type]
        balance, week, due = savings.invested_value, savings.next_week, savings.next_due_date
        plan = _CatchUp(savings=savings, weeks=[], interest=0)
        while due < today:
            interest = rules.week_interest(balance, savings.interest_rate)
            total = totals.get(player.pk, 0)
            if total + interest > limit.max_total or balance + interest > rules.MAX_AMOUNT:
                plan.refused = (
                    f"week {week}'s interest (€{interest:,}) would take {player.name}'s savings past the client "
                    f"limit (€{limit.max_total:,}): mark it Paid to pay the interest out in the game"
                )
                break
            plan.weeks.append(
                (
                    savings.pk,
                    week,
                    due,
                    SavingsWeek.Status.NOT_PAID,
                    interest,
                    interest,
                    balance,
                    savings.interest_rate,
                    True,
                    "",
                    False,
                    marked_by,
                    now,
                    now,
                )
            )
            plan.interest += interest
            totals[player.pk] = total + interest
            balance += interest
            week += 1
            due = rules.week_due_date(savings.start_date, week)
        plans.append(plan)
    return plans


def _apply_catch_up(plans: list[_CatchUp], *, admin: User | None, decision_ids: dict[int, int]) -> tuple[int, int]:
    """Write the planned weeks, entries, balances, audit, messages and notices (in the caller's
    transaction). Answers (weeks marked, accounts caught up)."""
    done = [plan for plan in plans if plan.weeks]
    if not done:
        return 0, 0
    before = {plan.savings.pk: audit.snapshot(plan.savings, ("invested_value", "next_week")) for plan in done}
    moves = []
    rows = []
    for plan in done:
        savings = plan.savings
        for row in plan.weeks:
            moves.append(
                ledger.Move(
                    amount=row[4],
                    source=ledger.BANK,
                    to=ledger.savings(savings.pk),
                    reason="week_interest_compounded",
                    player_id=savings.player_id,
                    actor=admin,
                    notes=f"Week {row[1]}, auto-processed",
                    decision_id=decision_ids.get(savings.player_id),
                )
            )
            rows.append(row)
        savings.invested_value += plan.interest
        savings.next_week += len(plan.weeks)
        savings.next_due_date = rules.week_due_date(savings.start_date, savings.next_week)
    # executemany (bank.bulk): bulk_create and bulk_update took 3 s of every 4 at 10,000 accounts
    bulk.insert_rows(SavingsWeek, WEEK_COLUMNS, rows)
    ledger.move_many(moves)
    bulk.update_rows(
        Savings,
        ["invested_value", "next_week", "next_due_date"],
        (
            (plan.savings.invested_value, plan.savings.next_week, plan.savings.next_due_date, plan.savings.pk)
            for plan in done
        ),
    )
    audit.record_many(
        actor=admin,
        kind="savings.auto_processed",
        changes=[
            audit.Change(
                obj=plan.savings,
                player=plan.savings.player,
                before=before[plan.savings.pk],
                after=audit.snapshot(plan.savings, ("invested_value", "next_week")),
            )
            for plan in done
        ],
    )
    outbox.enqueue_many(
        kind="payment.missed",
        messages=[
            (
                plan.savings.player,
                f"{counted(len(plan.weeks), 'overdue week')} of Savings #{plan.savings.pk} "
                f"{'was' if len(plan.weeks) == 1 else 'were'} recorded Not Paid automatically.",
            )
            for plan in done
        ],
        officer=admin.public_name if admin is not None else "",
    )
    live.notify({"savings"}, sorted({plan.savings.player_id for plan in done}))
    return len(rows), len(done)


def _report_refused(plans: list[_CatchUp], *, admin: User | None) -> list[Refused]:
    refused = [
        Refused(
            savings_id=plan.savings.pk,
            player_id=plan.savings.player_id,
            player_name=plan.savings.player.name,
            reason=plan.refused,
        )
        for plan in plans
        if plan.refused
    ]
    if refused:
        audit.record_many(
            actor=admin,
            kind="savings.catch_up_refused",
            changes=[
                audit.Change(
                    obj=plan.savings,
                    player=plan.savings.player,
                    before={"next_week": plan.savings.next_week, "invested_value": plan.savings.invested_value},
                    after={"reason": plan.refused},
                )
                for plan in plans
                if plan.refused
            ],
        )
    return refused


def _players_totals(player_ids: set[int]) -> dict[int, int]:
    rows = (
        Savings.objects.filter(player_id__in=player_ids, status=Savings.Status.ACTIVE)
        .values("player_id")
        .annotate(total=Sum("invested_value"))
        .order_by()
    )
    return {row["player_id"]: row["total"] for row in rows}


def _decided_alone_by_player(officer: User, player_ids: set[int]) -> dict[int, int]:
    rows = (
        DecisionRecord.objects.filter(
            officer_id=officer.pk,
            second_officer_id__isnull=True,
            player_id__in=player_ids,
            at__gt=clock.now() - decisions.WINDOW,
        )
        .values("player_id")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    return {row["player_id"]: row["total"] for row in rows}  # type: ignore[misc]  # player_id__in: never null


def _catch_up_batch(
    batch: list[Savings], *, admin: User | None, today: date
) -> tuple[int, int, list[Refused], list[Proposal]]:
    """One batch of accounts (their players and the accounts locked by the caller): planned, gated
    (an officer's run: four eyes per player), written. Answers (weeks, accounts, refused, proposals)."""
    plans = _plan_catch_up(batch, totals=_players_totals({s.player_id for s in batch}), today=today, admin=admin)
    refused = _report_refused(plans, admin=admin)
    proposals: list[Proposal] = []
    decision_ids: dict[int, int] = {}
    if admin is not None:  # an officer's catch-up is a decision per player; the bank's own daily run is not
        by_player: dict[int, list[_CatchUp]] = {}
        for plan in plans:
            if plan.weeks:
                by_player.setdefault(plan.savings.player_id, []).append(plan)
        alone = _decided_alone_by_player(admin, set(by_player))
        threshold = decisions.four_eyes_above()
        records = []
        for player_id, player_plans in by_player.items():
            interest = sum(plan.interest for plan in player_plans)
            if alone.get(player_id, 0) + interest > threshold:
                proposals.append(
                    _propose_catch_up(
                        player_plans,
                        admin=admin,
                        interest=interest,
                        earlier=alone.get(player_id, 0),
                        threshold=threshold,
                    )
                )
                for plan in player_plans:
                    plan.weeks = []
                continue
            records.append(
                DecisionRecord(
                    at=clock.now(),
                    kind="savings.catch_up",
                    player_id=player_id,
                    amount=interest,
                    officer_id=admin.pk,
                    officer_name=admin.get_username(),
                    four_eyes_above=threshold,
                    object_type="savings",
                    object_id=player_plans[0].savings.pk,
                    details={"savings_ids": [plan.savings.pk for plan in player_plans]},
                )
            )
        for record in DecisionRecord.objects.bulk_create(records):
            assert record.player_id is not None  # each made for its player, above
            decision_ids[record.player_id] = record.pk
    weeks, accounts = _apply_catch_up(plans, admin=admin, decision_ids=decision_ids)
    return weeks, accounts, refused, proposals


def _propose_catch_up(plans: list[_CatchUp], *, admin: User, interest: int, earlier: int, threshold: int) -> Proposal:
    player = plans[0].savings.player
    weeks = sum(len(plan.weeks) for plan in plans)
    names = ", ".join(f"#{plan.savings.pk}" for plan in plans)
    reason = decisions.why_two(officer=admin, player_id=player.pk, amount=interest, threshold=threshold) or (
        f"€{earlier + interest:,} is above the four-eyes threshold (€{threshold:,})"
    )
    return decisions.propose(
        kind="savings.catch_up",
        officer=admin,
        player=player,
        amount=interest,
        reason=reason,
        least_role=roles.TELLER,
        draft=Draft(
            summary=f"Catch up {counted(weeks, 'overdue week')} of Savings {names}: €{interest:,} of interest compounded",
            params={"savings_ids": [plan.savings.pk for plan in plans], "until": _today()},
            basis={str(plan.savings.pk): _savings_basis(plan.savings) for plan in plans},
            obj=plans[0].savings,
            object_label=f"Savings {names}",
        ),
    )


def carry_out_catch_up(proposal: Proposal, verdict: Verdict) -> dict:
    assert proposal.player_id is not None  # proposed for its player
    ids = [int(pk) for pk in proposal.params["savings_ids"]]
    accounts = list(Savings.objects.select_for_update().select_related("player").filter(pk__in=ids).order_by("pk"))
    decisions.stale_unless(
        proposal, {str(savings.pk): _savings_basis(savings) for savings in accounts}, noun="These savings accounts"
    )
    today = date.fromisoformat(proposal.params["until"])
    plans = _plan_catch_up(accounts, totals=_players_totals({proposal.player_id}), today=today, admin=verdict.officer)
    refused = [plan.refused for plan in plans if plan.refused]
    if refused:
        raise BankError(refused[0], code="client_limit", status=409)
    weeks, _ = _apply_catch_up(plans, admin=verdict.officer, decision_ids={proposal.player_id: verdict.record.pk})
    return {"weeks": weeks}


def savings_auto_process_overdue(*, admin: User | None = None, today: date | None = None) -> OverdueRun:
    """Mark every overdue week of every active account Not Paid (auto-processed), week by week,
    compounding each; idempotent (a second run finds nothing overdue). Accounts are caught up in
    batches, each batch one transaction with its rows locked; an account that cannot be processed
    (the client limit, or a failure of its own) is reported and every other account is processed.
    An officer's run is a decision per player: a player whose catch-up takes two officers gets a
    proposal instead."""
    today = today or _today()
    weeks_marked = accounts = 0
    refused: list[Refused] = []
    proposals: list[Proposal] = []
    last_pk = 0
    skip: set[int] = set()  # accounts the run reported: not tried again in this run
    while True:
        candidates = list(
            Savings.objects.filter(status=Savings.Status.ACTIVE, next_due_date__lt=today, pk__gt=last_pk)
            .exclude(pk__in=skip)
            .order_by("pk")
            .values_list("pk", "player_id")[:AUTO_BATCH]
        )
        if not candidates:
            break
        try:
            result = _catch_up_locked(
                [pk for pk, _ in candidates], {pid for _, pid in candidates}, admin=admin, today=today
            )
        except DatabaseError:
            # one account's failure must not stop the others: each account on its own
            result = _catch_up_one_by_one(candidates, admin=admin, today=today)
        weeks, done, batch_refused, batch_proposals = result
        weeks_marked += weeks
        accounts += done
        refused += batch_refused
        proposals += batch_proposals
        skip.update(item.savings_id for item in batch_refused)
        last_pk = candidates[-1][0]
    return OverdueRun(processed_count=weeks_marked, accounts_count=accounts, refused=refused, proposals=proposals)


def _catch_up_locked(savings_ids: list[int], player_ids: set[int], *, admin: User | None, today: date):
    with transaction.atomic():
        # the lock order: the players first (in id order), then their accounts, read again locked
        players = Player.objects.select_for_update().filter(pk__in=player_ids).order_by("pk")
        owners = {player.pk: player for player in players}
        batch = list(
            Savings.objects.select_for_update()
            .filter(pk__in=savings_ids, status=Savings.Status.ACTIVE, next_due_date__lt=today)
            .order_by("pk")
        )
        for savings in batch:
            savings.player = owners[savings.player_id]
        return _catch_up_batch(batch, admin=admin, today=today)


def _catch_up_one_by_one(candidates: list[tuple[int, int]], *, admin: User | None, today: date):
    weeks = accounts = 0
    refused: list[Refused] = []
    proposals: list[Proposal] = []
    for savings_id, player_id in candidates:
        try:
            result = _catch_up_locked([savings_id], {player_id}, admin=admin, today=today)
        except DatabaseError as error:
            name = Player.objects.filter(pk=player_id).values_list("name", flat=True).first() or ""
            item = Refused(savings_id, player_id, name, f"it could not be processed ({type(error).__name__})")
            with transaction.atomic():
                audit.record(
                    actor=admin,
                    kind="savings.catch_up_refused",
                    obj=Savings.objects.filter(pk=savings_id).first(),
                    after={"reason": item.reason},
                )
            refused.append(item)
            continue
        weeks += result[0]
        accounts += result[1]
        refused += result[2]
        proposals += result[3]
    return weeks, accounts, refused, proposals


# --- edits and start dates ----------------------------------------------------------------------------


def savings_edit(
    *,
    savings_id: int,
    admin: User,
    invested_value: int | None = None,
    interest_rate: Decimal | None = None,
    admin_notes: str | None = None,
) -> Savings | AwaitingSecondApproval:
    """Admin edit of an active account's balance, weekly rate or notes; a higher balance must still
    fit the client limits, a rate the bank's bounds. A decision of the larger of the balance's change
    and a year's difference in interest."""
    if invested_value is None and interest_rate is None and admin_notes is None:
        raise BankError(
            "Nothing to change: send invested_value, interest_rate or admin_notes", code="nothing_to_change"
        )
    with transaction.atomic():
        player, savings = _player_then_active_savings(savings_id)
        changes = {
            name: value
            for name, value in (
                ("invested_value", invested_value),
                ("interest_rate", interest_rate),
                ("admin_notes", admin_notes),
            )
            if value is not None and value != getattr(savings, name)
        }
        if not changes:
            return savings
        _check_savings_edit(player, savings, changes)
        effect = _savings_edit_effect(savings, changes)
        parts = []
        if "invested_value" in changes:
            parts.append(f"balance €{savings.invested_value:,} → €{changes['invested_value']:,}")
        if "interest_rate" in changes:
            parts.append(f"weekly rate {savings.interest_rate * 100:.2f}% → {changes['interest_rate'] * 100:.2f}%")
        if "admin_notes" in changes:
            parts.append("notes")
        verdict = decisions.decide(
            kind="savings.edit",
            officer=admin,
            player=player,
            amount=effect,
            least_role=roles.LOAN_OFFICER,
            always_two=TWO_CREATED if savings.four_eyes and effect else "",
            draft=Draft(
                summary=f"Savings #{savings.pk}: " + ", ".join(parts),
                params=changes,
                basis=_savings_basis(savings),
                obj=savings,
                object_label=f"Savings #{savings.pk}",
            ),
            obj=savings,
            details={
                name: [audit.value(getattr(savings, name)), audit.value(value)] for name, value in changes.items()
            },
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _savings_edit_apply(player, savings, changes, officer=verdict.officer)


def _check_savings_edit(player: Player, savings: Savings, changes: dict) -> None:
    if "interest_rate" in changes:
        _check_rate(changes["interest_rate"])
    growth = changes.get("invested_value", savings.invested_value) - savings.invested_value
    if growth > 0:
        _check_client_limits(player, new_accounts=0, added_value=growth, status=400)


def _savings_edit_effect(savings: Savings, changes: dict) -> int:
    balance = changes.get("invested_value", savings.invested_value)
    return max(
        abs(balance - savings.invested_value),
        rules.savings_rate_effect(
            balance=balance, before=savings.interest_rate, after=changes.get("interest_rate", savings.interest_rate)
        ),
    )


def _savings_edit_apply(player: Player, savings: Savings, changes: dict, *, officer: User) -> Savings:
    before = audit.snapshot(savings, SAVINGS_FIELDS)
    if "invested_value" in changes:
        ledger.adjust(
            account=ledger.savings(savings.pk),
            delta=changes["invested_value"] - savings.invested_value,
            counterpart=ledger.BANK,
            reason="balance_edit",
            player_id=player.pk,
            cause=savings,
            actor=officer,
            notes=changes.get("admin_notes") or "",
        )
    for name, value in changes.items():
        setattr(savings, name, value)
    savings.save(update_fields=list(changes))
    _savings_audit(admin=officer, kind="savings.edited", player=player, savings=savings, before=before)
    live.notify({"savings"}, [player.pk])
    return savings


def carry_out_edit(proposal: Proposal, verdict: Verdict) -> dict:
    savings = _proposed_savings(proposal)
    decisions.stale_unless(proposal, _savings_basis(savings), noun=f"Savings #{savings.pk}")
    changes = {name: Decimal(value) if name == "interest_rate" else value for name, value in proposal.params.items()}
    _check_savings_edit(savings.player, savings, changes)
    _savings_edit_apply(savings.player, savings, changes, officer=verdict.officer)
    return {"savings_id": savings.pk}


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


def savings_change_date(*, savings_id: int, new_date: date, admin: User) -> Savings | AwaitingSecondApproval:
    """Move the start; the weeks not yet recorded fall due from the new start. A decision of the
    interest it makes due (or no longer due); moved back further than the bank lets one officer, it
    takes two."""
    rules.check_start_date(new_date, today=_today())
    with transaction.atomic():
        player, savings = _player_then_active_savings(savings_id)
        if new_date == savings.start_date:
            return savings
        effect = rules.savings_start_effect(
            balance=savings.invested_value,
            rate=savings.interest_rate,
            next_week=savings.next_week,
            before=savings.start_date,
            after=new_date,
            today=_today(),
        )
        back = rules.start_date_back_refusal(
            before=savings.start_date, after=new_date, allowed_days=_settings().start_date_back_days
        )
        reasons = [reason for reason in (back, TWO_CREATED if savings.four_eyes and effect else "") if reason]
        verdict = decisions.decide(
            kind="savings.change_date",
            officer=admin,
            player=player,
            amount=effect,
            least_role=roles.LOAN_OFFICER,
            always_two="; ".join(reasons),
            draft=Draft(
                summary=f"Savings #{savings.pk}: start {day_text(savings.start_date)} → {day_text(new_date)}",
                params={"start_date": new_date},
                basis=_savings_basis(savings),
                obj=savings,
                object_label=f"Savings #{savings.pk}",
            ),
            obj=savings,
            details={"start_date": [savings.start_date, new_date]},
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _change_date_apply(player, savings, new_date, officer=verdict.officer)


def _change_date_apply(player: Player, savings: Savings, new_date: date, *, officer: User) -> Savings:
    before = audit.snapshot(savings, SAVINGS_FIELDS)
    savings.start_date = new_date
    savings.next_due_date = rules.week_due_date(new_date, savings.next_week)
    savings.save(update_fields=["start_date", "next_due_date"])
    _savings_audit(admin=officer, kind="savings.date_changed", player=player, savings=savings, before=before)
    live.notify({"savings"}, [savings.player_id])
    return savings


def carry_out_change_date(proposal: Proposal, verdict: Verdict) -> dict:
    savings = _proposed_savings(proposal)
    decisions.stale_unless(proposal, _savings_basis(savings), noun=f"Savings #{savings.pk}")
    _change_date_apply(
        savings.player, savings, date.fromisoformat(proposal.params["start_date"]), officer=verdict.officer
    )
    return {"savings_id": savings.pk}


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
    player = player_for_call(user=user, player_id=player_id, no_profile=rules.NO_PROFILE_WITHDRAWAL)
    refusal = withdrawal_request_refusal(player=player, amount=amount, withdrawal_date=withdrawal_date)
    if refusal:
        raise refusal
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


def withdrawals_asked(*, player_id: int, since, until) -> int:
    """The bread of the withdrawals the player filed in this window, not denied (bank.decisions)."""
    return (
        WithdrawalRequest.objects.filter(player_id=player_id, created_at__gt=since, created_at__lte=until)
        .exclude(status__in=[WithdrawalRequest.Status.DENIED, WithdrawalRequest.Status.CANCELLED])
        .aggregate(total=Sum("amount"))["total"]
        or 0
    )


class Withdrawals(RequestKind[WithdrawalRequest]):
    """Deciding a withdrawal request (bank.requests): approved, its amount is taken out of the
    player's active savings, oldest first, an account emptied closing; if they no longer cover it,
    409 and nothing changes."""

    model = WithdrawalRequest
    kind = "withdrawal"
    live_kind = "withdrawal_requests"
    not_found = "Withdrawal request not found"
    already_processed = ALREADY_PROCESSED
    deny_needs_reason = DENY_NEEDS_REASON
    approved_notices = frozenset({"savings"})

    def amount(self, request: WithdrawalRequest) -> int:
        return request.amount

    def details(self, request: WithdrawalRequest) -> dict:
        return {"amount": request.amount}

    def check(self, request: WithdrawalRequest, player) -> Checked:
        active = _active_savings_locked(player)
        available = sum(savings.invested_value for savings in active)
        if available < request.amount:
            raise BankError(
                f"The player's savings (€{available:,}) no longer cover this withdrawal of €{request.amount:,}",
                code="not_covered",
                status=409,
            )
        return Checked(before={"available": available}, after={"available": available - request.amount}, found=active)

    def carry_out(self, request: WithdrawalRequest, player, *, officer, notes, verdict, checked) -> WithdrawalRequest:
        left = request.amount
        for savings in checked.found:  # oldest first
            if left == 0:
                break
            taken = min(left, savings.invested_value)
            savings_take(
                savings=savings,
                amount=taken,
                to=ledger.player(player.pk),
                reason="withdrawal",
                cause=request,
                actor=officer,
            )
            left -= taken
        return request

    def approved_values(self, request: WithdrawalRequest, result, notes: str) -> dict:
        return {"amount": request.amount}

    def approved_message(self, request: WithdrawalRequest, result) -> str:
        return (
            f"your withdrawal of €{request.amount:,} was approved, for {day_text(request.withdrawal_date)} "
            f"at {request.withdrawal_time:%H:%M} (GMT{request.player_timezone:+d})."
        )

    def denied_message(self, request: WithdrawalRequest, reason: str) -> str:
        return f"your withdrawal request of €{request.amount:,} was denied. Reason: {reason}"


WITHDRAWALS = Withdrawals()


def withdrawal_request_approve(
    *, request_id: int, admin: User, notes: str = ""
) -> WithdrawalRequest | AwaitingSecondApproval:
    """Take the amount out of the player's savings; when it takes two officers the first officer's
    approval is only recorded (bank.requests)."""
    return WITHDRAWALS.approve(request_id=request_id, officer=admin, notes=notes)


def withdrawal_request_cancel(*, request_id: int, user: User) -> WithdrawalRequest:
    """A player cancels their own withdrawal request before it is decided."""
    return WITHDRAWALS.cancel(request_id=request_id, user=user)


def withdrawal_request_deny(*, request_id: int, admin: User, reason: str) -> WithdrawalRequest:
    return WITHDRAWALS.deny(request_id=request_id, officer=admin, reason=reason)


def register_changes() -> None:
    """The savings changes that can wait for a second officer (LendingConfig.ready)."""
    for kind, label, carry_out, least in (
        ("savings.create", "New savings account", carry_out_create, roles.LOAN_OFFICER),
        ("savings.edit", "Savings edit", carry_out_edit, roles.LOAN_OFFICER),
        ("savings.change_date", "Savings start date", carry_out_change_date, roles.LOAN_OFFICER),
        ("savings.payment", "Savings week", carry_out_payment, roles.TELLER),
        ("savings.catch_up", "Overdue catch-up", carry_out_catch_up, roles.TELLER),
    ):
        decisions.register_change(decisions.Change(kind=kind, label=label, least_role=least, carry_out=carry_out))
    decisions.register_asked(withdrawals_asked)
