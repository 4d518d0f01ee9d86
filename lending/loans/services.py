"""Every write about loans, loan requests and dividends.

Lock order, the bank's one order (docs/rules.md, "Lock order"), so that two writes never wait on
each other: the player first, then the loan request (or a proposal) or the loan, then the bank-wide
solo dividends row (credit.services locks the player again, which its transaction already holds).

Every change with a money effect is a decision (bank.decisions, docs/rules.md "Four eyes"): the
service computes its effect, checks its bounds, and carries it out when one officer may (a Verdict),
or records it as waiting for a second officer (AwaitingSecondApproval). A waiting change of a loan is
a Proposal; its `carry_out_*` function below runs when a second officer approves it.
"""

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from django.db import transaction

from accounts.models import Player, User
from accounts.selectors import player_for_call
from accounts.services import player_locked
from bank import audit, clock, decisions, ledger, live, outbox, roles
from bank.decisions import AwaitingSecondApproval, Draft, Verdict, approval_entry
from bank.errors import BankError
from bank.models import AuditEntry, BankSettings, Proposal
from bank.requests import Checked, RequestKind
from bank.texts import day_text
from credit.models import CreditEvent
from credit.rules import POINTS_LOAN_COMPLETED, POINTS_LOAN_TAKEN, POINTS_PAYMENT_MADE, tier_for, tier_range
from credit.services import credit_record
from lending import rules
from lending.loans.arrears import arrears_by_loan, arrears_ends, loans_at_least_days
from lending.loans.models import Loan, LoanArrearsBucket, LoanPayment, PendingLoan, SoloDividends
from lending.loans.selectors import loan_paid_total, loan_request_refusal, loans_outstanding_refusal

Action = CreditEvent.Action
LOAN_FIELDS = ("value", "interest_rate", "total_days", "total_to_pay", "daily_payment", "start_date", "admin_notes")
TWO_CREATED = "two officers lent this loan: changing it takes two officers too"


# --- solo dividends ---------------------------------------------------------------------------------


def solo_dividends_set(*, dividends: int, admin: User) -> SoloDividends | AwaitingSecondApproval:
    """A treasurer sets the solo dividends: a decision whose effect is the difference."""
    with transaction.atomic():
        row = SoloDividends.locked()
        before = row.dividends
        verdict = decisions.decide(
            kind="dividends.set",
            officer=admin,
            amount=abs(dividends - before),
            least_role=roles.TREASURER,
            draft=Draft(
                summary=f"Solo dividends €{before:,} → €{dividends:,}",
                params={"dividends": dividends},
                basis={"dividends": before},
                object_label="Solo dividends",
            ),
            details={"dividends": [before, dividends]},
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _dividends_apply(row, dividends=dividends, officer=verdict.officer)


def _dividends_apply(row: SoloDividends, *, dividends: int, officer: User) -> SoloDividends:
    before = row.dividends
    row.dividends = dividends
    row.save(update_fields=["dividends", "updated_at"])
    ledger.adjust(
        account=ledger.SOLO_DIVIDENDS,
        delta=dividends - before,
        counterpart=ledger.BANK,
        reason="dividends_edit",
        actor=officer,
    )
    audit.record(
        actor=officer, kind="dividends.set", obj=row, before={"dividends": before}, after={"dividends": dividends}
    )
    live.notify({"solo_dividends"}, everyone=True)
    return row


def carry_out_dividends(proposal: Proposal, verdict: Verdict) -> dict:
    row = SoloDividends.locked()
    decisions.stale_unless(proposal, {"dividends": row.dividends}, noun="The solo dividends")
    _dividends_apply(row, dividends=int(proposal.params["dividends"]), officer=verdict.officer)
    return {"dividends": row.dividends}


# --- small helpers -------------------------------------------------------------------------


def _today() -> date:
    return clock.today()


LOAN_NOT_FOUND = "Loan not found"
LOAN_CLOSED = "This loan is closed: it was written off."


def _check_active(loan: Loan) -> None:
    if loan.paid_off:
        raise BankError(rules.ALREADY_PAID_OFF, code="already_paid_off", status=409)
    if loan.status != Loan.Status.ACTIVE:
        raise BankError(LOAN_CLOSED, code="loan_closed", status=409)


def _locked_active_loan(loan_id: int) -> Loan:
    """The loan's player, then the loan (the lock order); 409 when it is no longer active."""
    owner_id = Loan.objects.filter(pk=loan_id).values_list("player_id", flat=True).first()
    if owner_id is None:
        raise BankError(LOAN_NOT_FOUND, code="not_found", status=404)
    player = player_locked(player_id=owner_id)
    loan = Loan.objects.select_for_update().filter(pk=loan_id).first()
    if loan is None:  # removed (with its player) while this waited for the player's lock
        raise BankError(LOAN_NOT_FOUND, code="not_found", status=404)
    loan.player = player  # already read and locked
    _check_active(loan)
    return loan


def _proposed_loan(proposal: Proposal) -> Loan:
    """The loan a proposal changes, locked (the approval holds its player): stale when gone or closed."""
    loan = Loan.objects.select_for_update().select_related("player").filter(pk=proposal.object_id).first()  # type: ignore[misc]  # None finds none: stale
    if loan is None or loan.status != Loan.Status.ACTIVE:
        raise decisions.StaleProposal(f"Loan #{proposal.object_id} is no longer active")
    return loan


def _refuse_bad_payer(player: Player) -> None:
    if player.bad_payer:
        raise BankError(rules.BAD_PAYER_PRODUCTS, code="bad_payer")


def _locked_player_for_product(player_id: int) -> Player:
    player = player_locked(player_id=player_id)
    _refuse_bad_payer(player)
    return player


def _settings() -> BankSettings:
    return BankSettings.current()


def _check_loan_rate(rate: Decimal) -> None:
    """An officer's loan rate stays within the treasurer's bounds (Bank Settings), on every path."""
    bounds = _settings()
    refusal = rules.rate_bound_refusal(
        rate=rate, low=bounds.loan_rate_min, high=bounds.loan_rate_max, what="loan's interest rate"
    )
    if refusal:
        raise BankError(refusal, code="rate_out_of_bounds", fields={"interest_rate": [refusal]})


def _loan_taken_points(score: int) -> int:
    """Taking a loan gives its points, but never lifts the player into another tier (a higher tier
    would lend more: docs/rules.md, "Credit score")."""
    ceiling = tier_range(tier_for(score))[1]
    return max(0, min(POINTS_LOAN_TAKEN, ceiling - score))


def _loan_open(
    *,
    player: Player,
    value: int,
    rate: Decimal,
    days: int,
    admin: User,
    notes: str = "",
    start_date: date | None = None,
    four_eyes: bool = False,
) -> Loan:
    """A new Active loan and its credit points. The caller holds the player's row."""
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
        four_eyes=four_eyes,
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
    points = _loan_taken_points(player.credit_score)
    credit_record(
        player_id=player.pk,
        action_type=Action.LOAN_TAKEN,
        points=points,
        reason=f"Loan #{loan.pk} taken: €{value:,}"
        + (
            "" if points == POINTS_LOAN_TAKEN else f" ({points} of {POINTS_LOAN_TAKEN} points: no new tier from a loan)"
        ),
        admin=admin,
    )
    live.notify({"loans"}, [player.pk])
    return loan


def _refuse_over_outstanding(player: Player, value: int, *, status: int) -> None:
    refusal = loans_outstanding_refusal(player=player, value=value, status=status)
    if refusal:
        raise refusal


# --- loan requests -------------------------------------------------------------------------


def loan_request_create(
    *, user: User, player_id: int | None, value: int, total_days: int, request_reason: str = ""
) -> PendingLoan:
    """A player asks for a loan; the server decides the rate and the total, and who is eligible."""
    player = player_for_call(user=user, player_id=player_id)
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


def _asked_by_player(pending: PendingLoan, player: Player) -> int:
    """What the player asked for in the 24 hours up to this request (an officer's proposal: nothing)."""
    if pending.requested_by_id is None or pending.requested_by_id != player.user_id:
        return 0
    return decisions.asked(player_id=player.pk, until=pending.created_at)


class LoanRequests(RequestKind[PendingLoan]):
    """Deciding a loan request (bank.requests): approved, it becomes an Active loan starting today,
    on the terms stored with the request; a bad payer, or a player whose loans outstanding would then
    pass their limit, answers 409."""

    model = PendingLoan
    kind = "loan_request"
    live_kind = "pending_loans"  # opening the loan names "loans" itself
    not_found = "Loan request not found"
    already_processed = rules.ALREADY_PROCESSED
    deny_needs_reason = rules.DENY_NEEDS_REASON
    extra_saved = ("converted_loan",)

    def amount(self, request: PendingLoan) -> int:
        return request.value

    def details(self, request: PendingLoan) -> dict:
        return {"value": request.value}

    def asked_total(self, request: PendingLoan, player) -> int:
        return _asked_by_player(request, player)

    def check(self, request: PendingLoan, player) -> Checked:
        _refuse_bad_payer(player)
        _refuse_over_outstanding(player, request.value, status=409)
        return Checked(before={}, after={})

    def carry_out(self, request: PendingLoan, player, *, officer, notes: str, verdict: Verdict, checked) -> Loan:
        loan = _loan_open(
            player=player,
            value=request.value,
            rate=request.interest_rate,
            days=request.total_days,
            admin=officer,
            notes=notes,
            four_eyes=verdict.two,
        )
        request.converted_loan = loan
        return loan

    def approved_values(self, request: PendingLoan, result: Loan, notes: str) -> dict:
        return {"loan_id": result.pk, "admin_notes": notes, **audit.snapshot(result, LOAN_FIELDS)}

    def approved_message(self, request: PendingLoan, result: Loan) -> str:
        return (
            f"your loan request for €{result.value:,} was approved: Loan #{result.pk}, "
            f"€{result.total_to_pay:,} to pay over {result.total_days} days (€{result.daily_payment:,} a day)."
        )

    def denied_message(self, request: PendingLoan, reason: str) -> str:
        return f"your loan request for €{request.value:,} was denied. Reason: {reason}"


LOAN_REQUESTS = LoanRequests()


def loan_request_approve(*, request_id: int, admin: User, notes: str = "") -> Loan | AwaitingSecondApproval:
    """The request becomes an Active loan starting today; when it takes two officers the first
    officer's approval is only recorded (bank.requests)."""
    return LOAN_REQUESTS.approve(request_id=request_id, officer=admin, notes=notes)


def loan_request_cancel(*, request_id: int, user: User) -> PendingLoan:
    """A player cancels their own loan request before it is decided."""
    return LOAN_REQUESTS.cancel(request_id=request_id, user=user)


def loan_request_deny(*, request_id: int, admin: User, reason: str) -> PendingLoan:
    return LOAN_REQUESTS.deny(request_id=request_id, officer=admin, reason=reason)


# --- loans ---------------------------------------------------------------------------------


def loan_create(
    *,
    player_id: int,
    value: int,
    total_days: int | None,
    admin: User,
    notes: str = "",
    start_date: date | None = None,
) -> Loan | AwaitingSecondApproval:
    """Admin Add Product: a loan at the player's rate, without the request's eligibility rules but
    within the tier's maximum of loans outstanding.

    When it takes two officers it becomes a proposal: a pending loan request on these terms, approved
    once by the officer who proposed it, which a second officer approves or denies."""
    with transaction.atomic():
        player = _locked_player_for_product(player_id)
        if total_days is None:  # named after the bad-payer refusal: the spec's order
            raise BankError(rules.ENTER_DAYS, code="missing_fields", fields={"total_days": [rules.ENTER_DAYS]})
        _refuse_over_outstanding(player, value, status=400)
        terms = rules.loan_terms(value=value, score=player.credit_score, total_days=total_days)
        reason = decisions.why_two(
            officer=admin, player_id=player.pk, amount=value, threshold=decisions.four_eyes_above()
        )
        if reason:
            return _loan_propose(
                player=player, value=value, total_days=total_days, terms=terms, admin=admin, notes=notes, reason=reason
            )
        verdict = decisions.decide(
            kind="loan.create",
            officer=admin,
            player=player,
            amount=value,
            least_role=roles.LOAN_OFFICER,
            details={"value": value, "total_days": total_days},
        )
        assert isinstance(verdict, Verdict)  # no draft: decide() answers a Verdict here, or raises
        with verdict.carrying_out():
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


def _loan_propose(
    *, player: Player, value: int, total_days: int, terms, admin: User, notes: str, reason: str
) -> AwaitingSecondApproval:
    """An officer's loan that takes two officers: a request that already has their approval."""
    pending = PendingLoan.objects.create(
        player=player,
        value=value,
        total_days=total_days,
        interest_rate=terms.interest_rate,
        total_to_pay=terms.total_to_pay,
        request_reason=notes,
        requested_by=admin,
        approvals=[approval_entry(officer=admin, notes=notes)],
    )
    audit.record(
        actor=admin,
        kind="loan.proposed",
        obj=pending,
        player=player,
        after={
            "status": "pending",
            "value": value,
            "total_days": total_days,
            "interest_rate": terms.interest_rate,
            "total_to_pay": terms.total_to_pay,
            "four_eyes_above": decisions.four_eyes_above(),
            "why": reason,
            "admin_notes": notes,
        },
    )
    live.notify({"pending_loans"}, [player.pk])
    return AwaitingSecondApproval(request=pending, approvals=pending.approvals, reason=reason)


@dataclass(frozen=True)
class PaymentMark:
    payment: LoanPayment
    replaced: str | None  # the status the day had before, if it had one
    credit_points: int


def _loan_basis(loan: Loan) -> dict:
    """What a proposal about a loan was computed on: when any of it changes, the proposal is stale."""
    return {
        **audit.snapshot(loan, ("value", "interest_rate", "total_days", "start_date", "total_to_pay", "status")),
        "paid": loan_paid_total(loan.pk),
    }


def _check_payment_day(loan: Loan, day: date) -> None:
    today = _today()
    if day < loan.start_date:
        message = f"The payment date cannot be before the loan's start date ({day_text(loan.start_date)})"
        raise BankError(message, fields={"date": [message]})
    if day > today:
        raise BankError("The payment date cannot be in the future", fields={"date": ["In the future."]})


def loan_payment_mark(
    *, loan_id: int, status: str, admin: User, on_date: date | None = None
) -> PaymentMark | AwaitingSecondApproval:
    """One entry per loan day; marking the same day again replaces it. Paid pays the daily payment (at
    most what is left to pay). Recording money is a decision too: above the four-eyes sums it waits."""
    if status not in LoanPayment.Status.values:
        raise ValueError(f"unknown payment status {status!r}")  # the serializer passes only the two
    with transaction.atomic():
        loan = _locked_active_loan(loan_id)
        day = on_date or _today()
        _check_payment_day(loan, day)
        payment = LoanPayment.objects.select_for_update().filter(loan=loan, date=day).first()
        paid_before = payment.value if payment else 0
        value = _day_value(loan, status=status, paid_before=paid_before)
        verdict = decisions.decide(
            kind="loan.payment",
            officer=admin,
            player=loan.player,
            amount=abs(value - paid_before),
            least_role=roles.TELLER,
            draft=Draft(
                summary=f"Loan #{loan.pk}: mark {day_text(day)} {status} (€{value:,})",
                params={"date": day, "status": status},
                basis={**_loan_basis(loan), "day": payment.status if payment else None},
                obj=loan,
                object_label=f"Loan #{loan.pk}",
            ),
            obj=loan,
            details={
                "date": day,
                "status": [payment.status if payment else None, status],
                "value": [paid_before, value],
            },
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _payment_apply(loan, day=day, status=status, payment=payment, officer=verdict.officer)


def _day_value(loan: Loan, *, status: str, paid_before: int) -> int:
    """A Paid day pays the daily payment, never more than what is left (the last day pays the rest)."""
    if status != LoanPayment.Status.PAID:
        return 0
    left = loan.total_to_pay - (loan_paid_total(loan.pk) - paid_before)
    return max(0, min(loan.daily_payment, left))


def _payment_apply(loan: Loan, *, day: date, status: str, payment: LoanPayment | None, officer: User) -> PaymentMark:
    replaced = payment.status if payment else None
    paid_before = payment.value if payment else 0
    if payment is None:
        payment = LoanPayment(loan=loan, date=day)
    payment.value = _day_value(loan, status=status, paid_before=paid_before)
    payment.status = status
    payment.marked_by = officer
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
        actor=officer,
        notes=f"Day {day.isoformat()}",
    )
    audit.record(
        actor=officer,
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
            officer=officer.public_name,
        )
    if points:
        credit_record(
            player_id=loan.player_id,
            action_type=Action.PAYMENT_MADE,
            points=points,
            reason=f"Loan #{loan.pk} payment for {day_text(day)}",
            admin=officer,
        )
    live.notify({"loans"}, [loan.player_id])
    return PaymentMark(payment=payment, replaced=replaced, credit_points=points)


def carry_out_payment(proposal: Proposal, verdict: Verdict) -> dict:
    loan = _proposed_loan(proposal)
    day = date.fromisoformat(proposal.params["date"])
    payment = LoanPayment.objects.select_for_update().filter(loan=loan, date=day).first()
    decisions.stale_unless(
        proposal, {**_loan_basis(loan), "day": payment.status if payment else None}, noun=f"Loan #{loan.pk}"
    )
    mark = _payment_apply(loan, day=day, status=proposal.params["status"], payment=payment, officer=verdict.officer)
    return {"loan_id": loan.pk, "value": mark.payment.value}


# --- pay-off and write-off ----------------------------------------------------------------------


def _remaining(loan: Loan) -> int:
    return max(0, loan.total_to_pay - loan_paid_total(loan.pk))


def loan_pay_off(*, loan_id: int, admin: User) -> tuple[Loan, int] | AwaitingSecondApproval:
    """Paid-Off: the player paid the rest at once in the game, recorded as repaid (a decision of that
    amount), and 35 % of the interest to the solo dividends: once, whoever asks twice."""
    with transaction.atomic():
        loan = _locked_active_loan(loan_id)
        rest = _remaining(loan)
        verdict = decisions.decide(
            kind="loan.pay_off",
            officer=admin,
            player=loan.player,
            amount=rest,
            least_role=roles.LOAN_OFFICER,
            always_two=TWO_CREATED if loan.four_eyes and rest else "",
            draft=Draft(
                summary=f"Loan #{loan.pk}: mark paid off, the rest (€{rest:,}) paid at once in the game",
                params={},
                basis=_loan_basis(loan),
                obj=loan,
                object_label=f"Loan #{loan.pk}",
            ),
            obj=loan,
            details={"repaid_at_pay_off": rest},
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _pay_off_apply(loan, rest=rest, officer=verdict.officer)


def _pay_off_apply(loan: Loan, *, rest: int, officer: User) -> tuple[Loan, int]:
    # the rest, paid at once in the game: what the loan was paid back reaches its total
    ledger.move(
        amount=rest,
        source=ledger.player(loan.player_id),
        to=ledger.loan(loan.pk),
        reason="loan_paid_off",
        player_id=loan.player_id,
        cause=loan,
        actor=officer,
    )
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
            actor=officer,
        )
    loan.status = Loan.Status.PAID_OFF
    loan.paid_off = True
    loan.paid_off_at = clock.now()
    loan.paid_off_by = officer
    loan.solo_gain = gain
    loan.repaid_at_pay_off = rest
    loan.save(update_fields=["status", "paid_off", "paid_off_at", "paid_off_by", "solo_gain", "repaid_at_pay_off"])
    audit.record(
        actor=officer,
        kind="loan.paid_off",
        obj=loan,
        player=loan.player,
        before={"status": Loan.Status.ACTIVE},
        after={"status": loan.status, "repaid_at_pay_off": rest, "solo_gain": gain},
    )
    credit_record(
        player_id=loan.player_id,
        action_type=Action.LOAN_COMPLETED,
        points=POINTS_LOAN_COMPLETED,
        reason=f"Loan #{loan.pk} paid off",
        admin=officer,
    )
    live.notify({"loans"}, [loan.player_id])
    if gain:
        live.notify({"solo_dividends"}, everyone=True)
    return loan, gain


def carry_out_pay_off(proposal: Proposal, verdict: Verdict) -> dict:
    loan = _proposed_loan(proposal)
    decisions.stale_unless(proposal, _loan_basis(loan), noun=f"Loan #{loan.pk}")
    loan, gain = _pay_off_apply(loan, rest=_remaining(loan), officer=verdict.officer)
    return {"loan_id": loan.pk, "solo_gain": gain}


WRITE_OFF_NEEDS_REASON = "A reason is required to write a loan off"
NOTHING_TO_WRITE_OFF = "Nothing is left to pay on this loan: mark it paid off instead"


def loan_write_off(*, loan_id: int, admin: User, reason: str) -> Loan | AwaitingSecondApproval:
    """The bank forgives what is left of a loan: its own decision and ledger reason, never a repayment,
    and no solo dividends."""
    if not reason:
        raise BankError(WRITE_OFF_NEEDS_REASON, code="reason_required", fields={"reason": [WRITE_OFF_NEEDS_REASON]})
    with transaction.atomic():
        loan = _locked_active_loan(loan_id)
        rest = _remaining(loan)
        if rest == 0:
            raise BankError(NOTHING_TO_WRITE_OFF, code="nothing_to_write_off", status=409)
        verdict = decisions.decide(
            kind="loan.write_off",
            officer=admin,
            player=loan.player,
            amount=rest,
            least_role=roles.LOAN_OFFICER,
            always_two=TWO_CREATED if loan.four_eyes else "",
            draft=Draft(
                summary=f"Loan #{loan.pk}: write off the €{rest:,} left to pay. Reason: {reason}",
                params={"reason": reason},
                basis=_loan_basis(loan),
                obj=loan,
                object_label=f"Loan #{loan.pk}",
            ),
            obj=loan,
            details={"written_off": rest, "reason": reason},
        )
        if isinstance(verdict, AwaitingSecondApproval):
            return verdict
        with verdict.carrying_out():
            return _write_off_apply(loan, rest=rest, reason=reason, officer=verdict.officer)


def _write_off_apply(loan: Loan, *, rest: int, reason: str, officer: User) -> Loan:
    # the bank settles the rest itself: the loan's account reaches its total, as forgiven, not repaid
    ledger.move(
        amount=rest,
        source=ledger.BANK,
        to=ledger.loan(loan.pk),
        reason="loan_written_off",
        player_id=loan.player_id,
        cause=loan,
        actor=officer,
        notes=reason,
    )
    loan.status = Loan.Status.WRITTEN_OFF
    loan.written_off = rest
    loan.written_off_at = clock.now()
    loan.written_off_by = officer
    loan.save(update_fields=["status", "written_off", "written_off_at", "written_off_by"])
    audit.record(
        actor=officer,
        kind="loan.written_off",
        obj=loan,
        player=loan.player,
        before={"status": Loan.Status.ACTIVE},
        after={"status": loan.status, "written_off": rest, "reason": reason},
    )
    outbox.enqueue(
        kind="loan.written_off",
        player=loan.player,
        content=f"the €{rest:,} left to pay on Loan #{loan.pk} was written off by the bank.",
        officer=officer.public_name,
    )
    live.notify({"loans"}, [loan.player_id])
    return loan


def carry_out_write_off(proposal: Proposal, verdict: Verdict) -> dict:
    loan = _proposed_loan(proposal)
    decisions.stale_unless(proposal, _loan_basis(loan), noun=f"Loan #{loan.pk}")
    _write_off_apply(loan, rest=_remaining(loan), reason=proposal.params["reason"], officer=verdict.officer)
    return {"loan_id": loan.pk, "written_off": loan.written_off}


# --- edits, start dates and days ------------------------------------------------------------------


def _figures_of(loan: Loan) -> rules.LoanFigures:
    return rules.LoanFigures(loan.value, loan.total_to_pay, loan.daily_payment, loan.total_days, loan.start_date)


def _loan_change(
    *, kind: str, loan: Loan, admin: User, changes: dict, summary: str, always_two: str = ""
) -> Loan | AwaitingSecondApproval:
    """A change of a loan's terms (value, rate, days, start): its effect, its bounds, four eyes."""
    before = _figures_of(loan)
    after = rules.loan_figures(
        value=changes.get("value", loan.value),
        rate=changes.get("interest_rate", loan.interest_rate),
        total_days=changes.get("total_days", loan.total_days),
        start_date=changes.get("start_date", loan.start_date),
    )
    effect = rules.loan_change_effect(before, after, today=_today())
    reasons = [reason for reason in (always_two, TWO_CREATED if loan.four_eyes and effect else "") if reason]
    verdict = decisions.decide(
        kind=kind,
        officer=admin,
        player=loan.player,
        amount=effect,
        least_role=roles.LOAN_OFFICER,
        always_two="; ".join(reasons),
        draft=Draft(
            summary=f"Loan #{loan.pk}: {summary}",
            params=changes,
            basis=_loan_basis(loan),
            obj=loan,
            object_label=f"Loan #{loan.pk}",
        ),
        obj=loan,
        details={name: [audit.value(getattr(loan, name)), audit.value(value)] for name, value in changes.items()},
    )
    if isinstance(verdict, AwaitingSecondApproval):
        return verdict
    with verdict.carrying_out():
        return _loan_change_apply(kind=kind, loan=loan, changes=changes, officer=verdict.officer)


AUDIT_KINDS = {
    "loan.edit": "loan.edited",
    "loan.change_date": "loan.date_changed",
    "loan.change_days": "loan.days_changed",
}


def _loan_change_apply(*, kind: str, loan: Loan, changes: dict, officer: User) -> Loan:
    before = audit.snapshot(loan, LOAN_FIELDS)
    for name, value in changes.items():
        setattr(loan, name, value)
    loan.total_to_pay = rules.total_to_pay(loan.value, loan.interest_rate)
    loan.daily_payment = rules.daily_payment(loan.total_to_pay, loan.total_days)
    loan.save(update_fields=[*changes, "total_to_pay", "daily_payment"])
    # a changed value lends the player more bread, or takes some back
    ledger.adjust(
        account=ledger.player(loan.player_id),
        delta=loan.value - before["value"],
        counterpart=ledger.BANK,
        reason="loan_edited",
        player_id=loan.player_id,
        cause=loan,
        actor=officer,
        notes=changes.get("admin_notes") or "",
    )
    after = audit.snapshot(loan, LOAN_FIELDS)
    changed = [name for name in LOAN_FIELDS if before[name] != after[name]]
    audit.record(
        actor=officer,
        kind=AUDIT_KINDS[kind],
        obj=loan,
        player=loan.player,
        before={name: before[name] for name in changed},
        after={name: after[name] for name in changed},
    )
    live.notify({"loans"}, [loan.player_id])
    return loan


def _typed_loan_changes(params: dict) -> dict:
    typed: dict[str, Any] = {}
    for name, value in params.items():
        if name == "interest_rate":
            typed[name] = Decimal(value)
        elif name == "start_date":
            typed[name] = date.fromisoformat(value)
        else:
            typed[name] = value
    return typed


def _check_lent_more(loan: Loan, changes: dict, *, status: int = 400) -> None:
    """A larger value lends the player more: the tier's maximum holds for everything they owe."""
    more = changes.get("value", loan.value) - loan.value
    if more > 0:
        _refuse_over_outstanding(loan.player, more, status=status)


def _check_total_covers_paid(loan: Loan, changes: dict, *, status: int = 400) -> None:
    """A smaller value or rate never brings the total to pay below what the loan was paid back already: the
    books would hold a loan repaid more than it owes (docs/rules.md, "The books")."""
    if "value" not in changes and "interest_rate" not in changes:
        return
    total = rules.total_to_pay(changes.get("value", loan.value), changes.get("interest_rate", loan.interest_rate))
    paid = loan_paid_total(loan.pk)
    if total < paid:
        message = (
            f"Loan #{loan.pk} has been paid back {_money(paid)} already: its total to pay cannot go below that "
            f"({_money(total)} after this edit)"
        )
        field = "value" if "value" in changes else "interest_rate"
        raise BankError(message, code="below_paid", status=status, fields={field: [message]})


def carry_out_loan_change(proposal: Proposal, verdict: Verdict) -> dict:
    loan = _proposed_loan(proposal)
    decisions.stale_unless(proposal, _loan_basis(loan), noun=f"Loan #{loan.pk}")
    changes = _typed_loan_changes(proposal.params)
    _check_lent_more(loan, changes, status=409)
    _check_total_covers_paid(loan, changes, status=409)
    if "interest_rate" in changes:
        _check_loan_rate(changes["interest_rate"])
    _loan_change_apply(kind=proposal.kind, loan=loan, changes=changes, officer=verdict.officer)
    return {"loan_id": loan.pk}


def _money(amount: int) -> str:
    return f"€{amount:,}"


def loan_edit(
    *,
    loan_id: int,
    admin: User,
    value: int | None = None,
    interest_rate: Decimal | None = None,
    total_days: int | None = None,
    admin_notes: str | None = None,
) -> Loan | AwaitingSecondApproval:
    """Admin edit of an Active loan's terms; total_to_pay and daily_payment follow."""
    requested: dict[str, Any] = {
        name: new
        for name, new in (
            ("value", value),
            ("interest_rate", interest_rate),
            ("total_days", total_days),
            ("admin_notes", admin_notes),
        )
        if new is not None
    }
    if not requested:
        raise BankError(
            "Nothing to change: send value, interest_rate, total_days or admin_notes", code="nothing_to_change"
        )
    with transaction.atomic():
        loan = _locked_active_loan(loan_id)
        changes = {name: new for name, new in requested.items() if new != getattr(loan, name)}
        if "interest_rate" in changes:
            _check_loan_rate(changes["interest_rate"])
        _check_lent_more(loan, changes)
        _check_total_covers_paid(loan, changes)
        if not changes:
            return loan
        parts = []
        if "value" in changes:
            parts.append(f"value {_money(loan.value)} → {_money(changes['value'])}")
        if "interest_rate" in changes:
            parts.append(f"rate {loan.interest_rate * 100:.2f}% → {changes['interest_rate'] * 100:.2f}%")
        if "total_days" in changes:
            parts.append(f"days {loan.total_days} → {changes['total_days']}")
        if "admin_notes" in changes:
            parts.append("notes")
        return _loan_change(kind="loan.edit", loan=loan, admin=admin, changes=changes, summary=", ".join(parts))


def loan_change_date(*, loan_id: int, new_date: date, admin: User) -> Loan | AwaitingSecondApproval:
    rules.check_start_date(new_date, today=_today())
    with transaction.atomic():
        loan = _locked_active_loan(loan_id)
        if new_date == loan.start_date:
            return loan
        back = rules.start_date_back_refusal(
            before=loan.start_date, after=new_date, allowed_days=_settings().start_date_back_days
        )
        return _loan_change(
            kind="loan.change_date",
            loan=loan,
            admin=admin,
            changes={"start_date": new_date},
            summary=f"start {day_text(loan.start_date)} → {day_text(new_date)}",
            always_two=back,
        )


def loan_change_days(*, loan_id: int, new_days: int, admin: User) -> Loan | AwaitingSecondApproval:
    with transaction.atomic():
        loan = _locked_active_loan(loan_id)
        if new_days == loan.total_days:
            return loan
        return _loan_change(
            kind="loan.change_days",
            loan=loan,
            admin=admin,
            changes={"total_days": new_days},
            summary=f"days {loan.total_days} → {new_days}",
        )


def register_changes() -> None:
    """The loan changes that can wait for a second officer (LendingConfig.ready)."""
    for kind, label, carry_out, least in (
        ("loan.edit", "Loan edit", carry_out_loan_change, roles.LOAN_OFFICER),
        ("loan.change_date", "Loan start date", carry_out_loan_change, roles.LOAN_OFFICER),
        ("loan.change_days", "Loan days", carry_out_loan_change, roles.LOAN_OFFICER),
        ("loan.payment", "Loan payment", carry_out_payment, roles.TELLER),
        ("loan.pay_off", "Loan pay-off", carry_out_pay_off, roles.LOAN_OFFICER),
        ("loan.write_off", "Loan write-off", carry_out_write_off, roles.LOAN_OFFICER),
        ("dividends.set", "Solo dividends", carry_out_dividends, roles.TREASURER),
    ):
        decisions.register_change(decisions.Change(kind=kind, label=label, least_role=least, carry_out=carry_out))


@dataclass(frozen=True)
class ArrearsHistoryRun:
    entered: int  # stays opened: loans that entered a bucket
    left: int  # stays closed: loans that left one (paid up, moved to another bucket, or closed)
    reminded: int = 0  # players told on Discord: their loan entered a bucket for the first time


def _arrears_reminder(*, loan_id: int, bucket: str, amount: int, days: int, ends: rules.Ends) -> str:
    title = {key: title for key, title, *_ in rules.arrears_buckets(ends)}[bucket]
    return (
        f"Loan #{loan_id} is {days} {'day' if days == 1 else 'days'} behind ({title} in arrears): "
        f"€{amount:,} was due by yesterday and is not paid yet. Please pay it to a bank officer."
    )


@transaction.atomic
def loan_arrears_history_record(*, on: date | None = None) -> ArrearsHistoryRun:
    """Each loan's history of arrears buckets brought up to `on` (today): a loan whose bucket differs from
    its open stay leaves that stay on `on` and, if it is in arrears, enters its new bucket on `on`; a loan
    no longer in arrears (or closed) leaves its stay. A loan that enters a bucket it was never in before
    tells its player on Discord (the outbox) what is due: once per bucket per loan. Idempotent: a second
    run on the same day with the same entries changes nothing; two runs at once cannot both open a stay
    (one open stay a loan: the second run's insert fails and rolls back with its messages). 5 queries and
    one write of each kind, whatever the number of loans (docs/rules.md, "Arrears"); the buckets' last days
    are Bank Settings' (one more query)."""
    on = on or clock.today()
    ends = arrears_ends()
    now_in = {
        loan_id: (rules.arrears_bucket(days, ends) or "", amount, days)
        for loan_id, (amount, days) in arrears_by_loan(on).items()
    }
    open_stays = list(LoanArrearsBucket.objects.select_for_update().filter(left_on__isnull=True))
    leaving = [stay for stay in open_stays if now_in.get(stay.loan_id, ("",))[0] != stay.bucket]
    staying = {stay.loan_id for stay in open_stays} - {stay.loan_id for stay in leaving}
    if leaving:
        LoanArrearsBucket.objects.filter(pk__in=[stay.pk for stay in leaving]).update(left_on=on)
    entering = [
        LoanArrearsBucket(loan_id=loan_id, bucket=bucket, entered_on=on, days_on_entry=days, amount_on_entry=amount)
        for loan_id, (bucket, amount, days) in sorted(now_in.items())
        if loan_id not in staying
    ]
    entering_ids = [stay.loan_id for stay in entering]
    been = set(
        LoanArrearsBucket.objects.filter(loan_id__in=entering_ids or [0]).values_list("loan_id", "bucket").distinct()
    )
    first_time = [stay for stay in entering if (stay.loan_id, stay.bucket) not in been]
    LoanArrearsBucket.objects.bulk_create(entering, batch_size=500)
    players = {
        loan.pk: loan.player
        for loan in Loan.objects.filter(pk__in=[stay.loan_id for stay in first_time] or [0]).select_related("player")
    }
    reminded = outbox.enqueue_many(
        kind="arrears.reminder",
        messages=[
            (
                players[stay.loan_id],
                _arrears_reminder(
                    loan_id=stay.loan_id,
                    bucket=stay.bucket,
                    amount=stay.amount_on_entry,
                    days=stay.days_on_entry,
                    ends=ends,
                ),
            )
            for stay in first_time
        ],
    )
    if leaving or entering:
        live.notify({"loans"})
    return ArrearsHistoryRun(entered=len(entering), left=len(leaving), reminded=reminded)


AUTO_BAD_PAYER_KIND = "loan.bad_payer_by_bank"


@transaction.atomic
def bad_payers_mark_by_arrears(*, on: date | None = None) -> list[int]:
    """While Bank Settings turn it on: every player with a loan `auto_bad_payer_days` or more in arrears on
    `on` (today) becomes a bad payer, by the bank (the audit's actor is the system, no officer: one entry on
    the loan), with the notice an officer's marking sends (the players' and credit panels refresh). A player
    already a bad payer is left alone, and so is one the bank marked for a loan of theirs still that late (an
    officer who cleared them since decided). Idempotent, and two runs at once mark a player once (the players' rows are locked, in id
    order, and read again). Answers the players marked. 4 queries and a write per player marked."""
    on = on or clock.today()
    settings = BankSettings.objects.filter(pk=1).values_list("auto_bad_payer", "auto_bad_payer_days").first()
    if settings is None or not settings[0]:
        return []
    late = loans_at_least_days(on, settings[1])
    marked_for = set(
        AuditEntry.objects.filter(
            kind=AUTO_BAD_PAYER_KIND, object_type="loan", object_id__in=list(late) or [0]
        ).values_list("object_id", flat=True)
    )
    # each player's most late loan (the lowest id among equals), unless the bank marked them already for one
    # of their loans that late: an officer who cleared them since decided
    cleared = {player_id for loan_id, (player_id, _days) in late.items() if loan_id in marked_for}
    by_player: dict[int, tuple[int, int]] = {}
    for loan_id, (player_id, days) in sorted(late.items()):
        if player_id not in cleared and days > by_player.get(player_id, (0, 0))[1]:
            by_player[player_id] = (loan_id, days)
    if not by_player:
        return []
    players = list(
        Player.objects.select_for_update(of=("self",)).filter(pk__in=list(by_player), bad_payer=False).order_by("pk")
    )
    loans = Loan.objects.in_bulk([by_player[player.pk][0] for player in players])
    for player in players:
        loan_id, days = by_player[player.pk]
        player.bad_payer = True
        player.save(update_fields=["bad_payer"])
        audit.record(
            actor=None,
            kind=AUTO_BAD_PAYER_KIND,
            obj=loans[loan_id],
            player=player,
            before={"bad_payer": False},
            after={"bad_payer": True, "arrears_days": days, "auto_bad_payer_days": settings[1]},
        )
    if players:
        # what an officer's marking sends (accounts.services.player_update)
        live.notify({"players", "credit"}, [player.pk for player in players])
    return [player.pk for player in players]
