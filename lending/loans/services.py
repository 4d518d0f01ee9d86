"""Every write about loans, loan requests and dividends.

Lock order, the bank's one order (docs/rules.md, "Lock order"), so that two writes never wait on
each other: the player first, then the loan request or the loan, then the bank-wide solo dividends
row (credit.services locks the player again, which its transaction already holds).
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from accounts.models import Player, User
from accounts.services import player_locked
from bank.core import audit, ledger, live, outbox
from bank.core.decisions import locked_pending
from bank.core.errors import BankError
from bank.core.texts import day_text
from credit.models import CreditEvent
from credit.rules import POINTS_LOAN_COMPLETED, POINTS_LOAN_TAKEN, POINTS_PAYMENT_MADE
from credit.services import credit_record
from lending import rules
from lending.callers import player_of_caller
from lending.loans.models import Loan, LoanPayment, PendingLoan, SoloDividends
from lending.loans.selectors import loan_request_refusal

Action = CreditEvent.Action
NO_PROFILE = rules.NO_PROFILE
LOAN_FIELDS = ("value", "interest_rate", "total_days", "total_to_pay", "daily_payment", "start_date", "admin_notes")


@transaction.atomic
def solo_dividends_set(*, dividends: int, admin: User) -> SoloDividends:
    row = SoloDividends.locked()
    before = row.dividends
    row.dividends = dividends
    row.save(update_fields=["dividends", "updated_at"])
    ledger.adjust(
        account=ledger.SOLO_DIVIDENDS,
        delta=dividends - before,
        counterpart=ledger.BANK,
        reason="dividends_edit",
        actor=admin,
    )
    audit.record(
        actor=admin, kind="dividends.set", obj=row, before={"dividends": before}, after={"dividends": dividends}
    )
    live.notify({"solo_dividends"}, everyone=True)
    return row


# --- small helpers -------------------------------------------------------------------------


def _today() -> date:
    return timezone.localdate()


LOAN_NOT_FOUND = "Loan not found"


def _locked_active_loan(loan_id: int) -> Loan:
    """The loan's player, then the loan (the lock order); 409 when it is already paid off."""
    owner_id = Loan.objects.filter(pk=loan_id).values_list("player_id", flat=True).first()
    if owner_id is None:
        raise BankError(LOAN_NOT_FOUND, code="not_found", status=404)
    player = player_locked(player_id=owner_id)
    loan = Loan.objects.select_for_update().filter(pk=loan_id).first()
    if loan is None:  # removed (with its player) while this waited for the player's lock
        raise BankError(LOAN_NOT_FOUND, code="not_found", status=404)
    loan.player = player  # already read and locked
    if loan.paid_off:
        raise BankError(rules.ALREADY_PAID_OFF, code="already_paid_off", status=409)
    return loan


def _locked_pending(request_id: int) -> tuple[Player, PendingLoan]:
    """The request's player, then the request (the lock order), if the request is still pending."""
    return locked_pending(
        PendingLoan,
        request_id,
        not_found="Loan request not found",
        already_processed=rules.ALREADY_PROCESSED,
        lock_owner=lambda player_id: player_locked(player_id=player_id),
    )


def _refuse_bad_payer(player: Player) -> None:
    if player.bad_payer:
        raise BankError(rules.BAD_PAYER_PRODUCTS, code="bad_payer")


def _locked_player_for_product(player_id: int) -> Player:
    player = player_locked(player_id=player_id)
    _refuse_bad_payer(player)
    return player


def _loan_open(
    *,
    player: Player,
    value: int,
    rate: Decimal,
    days: int,
    admin: User,
    notes: str = "",
    start_date: date | None = None,
) -> Loan:
    """A new Active loan and its +20 credit points. The caller holds the player's row."""
    total = rules.total_to_pay(value, rate)
    loan = Loan.objects.create(
        player=player,
        value=value,
        interest_rate=rate,
        total_days=days,
        total_to_pay=total,
        daily_payment=rules.daily_payment(total, days),
        start_date=start_date or _today(),
        created_by=admin,
        admin_notes=notes,
    )
    ledger.move(
        amount=value,
        source=ledger.BANK,
        to=ledger.player(player.pk),
        reason="loan_disbursed",
        player_id=player.pk,
        cause=loan,
        actor=admin,
    )
    credit_record(
        player_id=player.pk,
        action_type=Action.LOAN_TAKEN,
        points=POINTS_LOAN_TAKEN,
        reason=f"Loan #{loan.pk} taken: €{value:,}",
        admin=admin,
    )
    live.notify({"loans"}, [player.pk])
    return loan


# --- loan requests -------------------------------------------------------------------------


def loan_request_create(
    *, user: User, player_id: int | None, value: int, total_days: int, request_reason: str = ""
) -> PendingLoan:
    """A player asks for a loan; the server decides the rate and the total, and who is eligible."""
    player = player_of_caller(user=user, player_id=player_id)
    refusal = loan_request_refusal(player=player, value=value)
    if refusal:
        raise refusal
    terms = rules.loan_terms(value=value, score=player.credit_score, total_days=total_days)
    with transaction.atomic():
        pending = PendingLoan.objects.create(
            player=player,
            value=value,
            total_days=total_days,
            interest_rate=terms.interest_rate,
            total_to_pay=terms.total_to_pay,
            request_reason=request_reason,
            requested_by=user,
        )
        live.notify({"pending_loans"}, [player.pk])
    return pending


@transaction.atomic
def loan_request_approve(*, request_id: int, admin: User, notes: str = "") -> Loan:
    """The request becomes an Active loan starting today, on the terms stored with the request."""
    player, pending = _locked_pending(request_id)
    _refuse_bad_payer(player)
    loan = _loan_open(
        player=player,
        value=pending.value,
        rate=pending.interest_rate,
        days=pending.total_days,
        admin=admin,
        notes=notes,
    )
    pending.status = PendingLoan.Status.APPROVED
    pending.approved_by = admin
    pending.approved_date = timezone.now()
    pending.converted_loan = loan
    pending.admin_notes = notes
    pending.save(update_fields=["status", "approved_by", "approved_date", "converted_loan", "admin_notes"])
    audit.record(
        actor=admin,
        kind="loan_request.approved",
        obj=pending,
        player=player,
        before={"status": "pending"},
        after={"status": "approved", "loan_id": loan.pk, "admin_notes": notes, **audit.snapshot(loan, LOAN_FIELDS)},
    )
    outbox.enqueue(
        kind="loan_request.approved",
        player=player,
        content=(
            f"your loan request for €{loan.value:,} was approved: Loan #{loan.pk}, "
            f"€{loan.total_to_pay:,} to pay over {loan.total_days} days (€{loan.daily_payment:,} a day)."
        ),
    )
    live.notify({"pending_loans"}, [pending.player_id])  # opening the loan already named "loans"
    return loan


@transaction.atomic
def loan_request_deny(*, request_id: int, admin: User, reason: str) -> PendingLoan:
    player, pending = _locked_pending(request_id)  # a request already decided answers 409 before anything else
    if not reason:
        raise BankError(
            rules.DENY_NEEDS_REASON, code="reason_required", fields={"admin_notes": [rules.DENY_NEEDS_REASON]}
        )
    pending.status = PendingLoan.Status.DENIED
    pending.denied_by = admin
    pending.denied_date = timezone.now()
    pending.admin_notes = reason
    pending.save(update_fields=["status", "denied_by", "denied_date", "admin_notes"])
    audit.record(
        actor=admin,
        kind="loan_request.denied",
        obj=pending,
        player=player,
        before={"status": "pending"},
        after={"status": "denied", "admin_notes": reason},
    )
    outbox.enqueue(
        kind="loan_request.denied",
        player=player,
        content=f"your loan request for €{pending.value:,} was denied. Reason: {reason}",
    )
    live.notify({"pending_loans"}, [pending.player_id])
    return pending


# --- loans ---------------------------------------------------------------------------------


def loan_create(
    *,
    player_id: int,
    value: int,
    total_days: int | None,
    admin: User,
    notes: str = "",
    start_date: date | None = None,
) -> Loan:
    """Admin Add Product: a loan at the player's rate, without the request's eligibility rules."""
    with transaction.atomic():
        player = _locked_player_for_product(player_id)
        if total_days is None:  # named after the bad-payer refusal: the spec's order
            raise BankError(rules.ENTER_DAYS, code="missing_fields", fields={"total_days": [rules.ENTER_DAYS]})
        terms = rules.loan_terms(value=value, score=player.credit_score, total_days=total_days)
        loan = _loan_open(
            player=player,
            value=value,
            rate=terms.interest_rate,
            days=total_days,
            admin=admin,
            notes=notes,
            start_date=start_date,
        )
        audit.record(actor=admin, kind="loan.created", obj=loan, player=player, after=audit.snapshot(loan, LOAN_FIELDS))
        return loan


@dataclass(frozen=True)
class PaymentMark:
    payment: LoanPayment
    replaced: str | None  # the status the day had before, if it had one
    credit_points: int


@transaction.atomic
def loan_payment_mark(*, loan_id: int, status: str, admin: User, on_date: date | None = None) -> PaymentMark:
    """One entry per loan day; marking the same day again replaces it. Paid pays the daily payment."""
    if status not in LoanPayment.Status.values:
        raise ValueError(f"unknown payment status {status!r}")  # the serializer passes only the two
    loan = _locked_active_loan(loan_id)
    today = _today()
    day = on_date or today
    if day < loan.start_date:
        message = f"The payment date cannot be before the loan's start date ({day_text(loan.start_date)})"
        raise BankError(message, fields={"date": [message]})
    if day > today:
        raise BankError("The payment date cannot be in the future", fields={"date": ["In the future."]})

    payment = LoanPayment.objects.select_for_update().filter(loan=loan, date=day).first()
    replaced = payment.status if payment else None
    paid_before = payment.value if payment else 0
    if payment is None:
        payment = LoanPayment(loan=loan, date=day)
    payment.status = status
    payment.value = loan.daily_payment if status == LoanPayment.Status.PAID else 0
    payment.marked_by = admin
    points = 0
    if status == LoanPayment.Status.PAID and not payment.points_awarded:
        payment.points_awarded = True
        points = POINTS_PAYMENT_MADE
    payment.save()
    # what the loan has been paid back changes by the day's new value less its old one
    change = payment.value - paid_before
    ledger.adjust(
        account=ledger.loan(loan.pk),
        delta=change,
        counterpart=ledger.player(loan.player_id),
        reason="loan_day_paid" if change > 0 else "loan_day_unpaid",
        player_id=loan.player_id,
        cause=payment,
        actor=admin,
        notes=f"Day {day.isoformat()}",
    )
    audit.record(
        actor=admin,
        kind="loan.payment_marked",
        obj=loan,
        player=loan.player,
        before={"date": day, "status": replaced},
        after={"date": day, "status": status, "value": payment.value},
    )
    if status == LoanPayment.Status.NOT_PAID and replaced != LoanPayment.Status.NOT_PAID:
        outbox.enqueue(
            kind="payment.missed",
            player=loan.player,
            content=f"the payment of Loan #{loan.pk} for {day_text(day)} (€{loan.daily_payment:,}) was marked Not Paid.",
        )
    if points:
        credit_record(
            player_id=loan.player_id,
            action_type=Action.PAYMENT_MADE,
            points=points,
            reason=f"Loan #{loan.pk} payment for {day_text(day)}",
            admin=admin,
        )
    live.notify({"loans"}, [loan.player_id])
    return PaymentMark(payment=payment, replaced=replaced, credit_points=points)


@transaction.atomic
def loan_pay_off(*, loan_id: int, admin: User) -> tuple[Loan, int]:
    """Paid-Off, and 35 % of the interest to the solo dividends: once, whoever asks twice."""
    loan = _locked_active_loan(loan_id)
    gain = rules.solo_dividend_gain(value=loan.value, total=loan.total_to_pay)
    if gain:
        dividends = SoloDividends.locked()
        dividends.dividends += gain
        dividends.save(update_fields=["dividends", "updated_at"])
        ledger.move(
            amount=gain,
            source=ledger.BANK,
            to=ledger.SOLO_DIVIDENDS,
            reason="solo_gain",
            player_id=loan.player_id,
            cause=loan,
            actor=admin,
        )
    loan.status = Loan.Status.PAID_OFF
    loan.paid_off = True
    loan.paid_off_at = timezone.now()
    loan.paid_off_by = admin
    loan.solo_gain = gain
    loan.save(update_fields=["status", "paid_off", "paid_off_at", "paid_off_by", "solo_gain"])
    audit.record(
        actor=admin,
        kind="loan.paid_off",
        obj=loan,
        player=loan.player,
        before={"status": Loan.Status.ACTIVE},
        after={"status": loan.status, "solo_gain": gain},
    )
    credit_record(
        player_id=loan.player_id,
        action_type=Action.LOAN_COMPLETED,
        points=POINTS_LOAN_COMPLETED,
        reason=f"Loan #{loan.pk} paid off",
        admin=admin,
    )
    live.notify({"loans"}, [loan.player_id])
    if gain:
        live.notify({"solo_dividends"}, everyone=True)
    return loan, gain


def _loan_terms_save(loan: Loan, fields: list[str]) -> None:
    loan.total_to_pay = rules.total_to_pay(loan.value, loan.interest_rate)
    loan.daily_payment = rules.daily_payment(loan.total_to_pay, loan.total_days)
    loan.save(update_fields=[*fields, "total_to_pay", "daily_payment"])
    live.notify({"loans"}, [loan.player_id])


@transaction.atomic
def loan_edit(
    *,
    loan_id: int,
    admin: User,
    value: int | None = None,
    interest_rate: Decimal | None = None,
    total_days: int | None = None,
    admin_notes: str | None = None,
) -> Loan:
    """Admin edit of an Active loan's terms; total_to_pay and daily_payment follow."""
    changes = {
        name: new
        for name, new in (
            ("value", value),
            ("interest_rate", interest_rate),
            ("total_days", total_days),
            ("admin_notes", admin_notes),
        )
        if new is not None
    }
    if not changes:
        raise BankError(
            "Nothing to change: send value, interest_rate, total_days or admin_notes", code="nothing_to_change"
        )
    loan = _locked_active_loan(loan_id)
    before = audit.snapshot(loan, LOAN_FIELDS)
    for name, new in changes.items():
        setattr(loan, name, new)
    _loan_terms_save(loan, list(changes))
    # a changed value lends the player more bread, or takes some back
    ledger.adjust(
        account=ledger.player(loan.player_id),
        delta=loan.value - before["value"],
        counterpart=ledger.BANK,
        reason="loan_edited",
        player_id=loan.player_id,
        cause=loan,
        actor=admin,
        notes=admin_notes or "",
    )
    _loan_audit(admin=admin, kind="loan.edited", loan=loan, before=before)
    return loan


def _loan_audit(*, admin: User, kind: str, loan: Loan, before: dict) -> None:
    after = audit.snapshot(loan, LOAN_FIELDS)
    changed = [name for name in LOAN_FIELDS if before[name] != after[name]]
    audit.record(
        actor=admin,
        kind=kind,
        obj=loan,
        player=loan.player,
        before={name: before[name] for name in changed},
        after={name: after[name] for name in changed},
    )


@transaction.atomic
def loan_change_date(*, loan_id: int, new_date: date, admin: User) -> Loan:
    rules.check_start_date(new_date, today=_today())
    loan = _locked_active_loan(loan_id)
    before = audit.snapshot(loan, LOAN_FIELDS)
    loan.start_date = new_date
    loan.save(update_fields=["start_date"])
    _loan_audit(admin=admin, kind="loan.date_changed", loan=loan, before=before)
    live.notify({"loans"}, [loan.player_id])
    return loan


@transaction.atomic
def loan_change_days(*, loan_id: int, new_days: int, admin: User) -> Loan:
    loan = _locked_active_loan(loan_id)
    before = audit.snapshot(loan, LOAN_FIELDS)
    loan.total_days = new_days
    _loan_terms_save(loan, ["total_days"])
    _loan_audit(admin=admin, kind="loan.days_changed", loan=loan, before=before)
    return loan
