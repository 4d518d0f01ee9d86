"""Reads of loans and loan requests. Every list runs a fixed number of queries, whatever its size."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import TYPE_CHECKING, TypedDict

from django.db import connection
from django.db.models import CharField, Count, F, FilteredRelation, Q, QuerySet, Sum
from django.db.models.functions import Cast, Coalesce

from accounts.models import Player
from accounts.rules import officer_public_name
from bank import clock
from bank.decisions import approvals_out
from bank.errors import BankError
from bank.sql import CompiledQuery, model_fields
from bank.texts import day_text
from credit import rules as credit_rules
from credit.selectors import credit_eligibility
from lending import rules
from lending.loans.models import Loan, LoanPayment, PendingLoan, SoloDividends

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


def _loans() -> QuerySet[Loan]:
    return Loan.objects.select_related("player")


_DAY_ENTRY_COLUMNS = ("loan_id", "day", "status", "value")


def _day_entry_rows(entries: QuerySet[LoanPayment]) -> QuerySet:
    """Rows of _DAY_ENTRY_COLUMNS in (loan, date) order, the (loan, date) unique index's order: no sort.

    The date as the database writes it ("YYYY-MM-DD", as the JSON shows it): parsing thousands of
    dates to render them back was a third of a heavy player's bank data."""
    return entries.order_by("loan_id", "date").annotate(day=Cast("date", CharField())).values_list(*_DAY_ENTRY_COLUMNS)


def _attach_day_entries(loans: list[Loan], rows: Iterable[tuple]) -> list[Loan]:
    """Each loan gets `day_entries`, its entries as {date, status, value} dicts (rows of other
    loans, say one granted between two reads, are left out)."""
    history: dict[int, list[dict]] = {loan.pk: [] for loan in loans}
    for loan_id, day, status, value in rows:
        if loan_id in history:
            history[loan_id].append({"date": day, "status": status, "value": value})
    for loan in loans:
        loan.day_entries = history[loan.pk]  # type: ignore[attr-defined]  # not a field: loan_figures reads it
    return loans


def _with_day_entries(loans: Iterable[Loan]) -> list[Loan]:
    """The loans, each with `day_entries`: one query for all of them (none without loans).

    Plain rows rather than prefetched LoanPayment instances: Check Loans reads every entry of every
    Active loan, and building ~540,000 model instances was most of its time (bench/README.md, "Loans").
    """
    loans = list(loans)
    if not loans:
        return loans
    return _attach_day_entries(
        loans, _day_entry_rows(LoanPayment.objects.filter(loan_id__in=[loan.pk for loan in loans]))
    )


_LOAN_ROW_FIELDS = model_fields(Loan)
# A player's own loans and their day entries (bank data, a player's products): compiled once (bank/sql.py)
_PLAYER_LOANS = CompiledQuery(
    lambda player_id: Loan.objects.filter(player_id=player_id).order_by("-id").values_list(*_LOAN_ROW_FIELDS),
    player_id=int,
)
_PLAYER_DAY_ENTRIES = CompiledQuery(
    lambda player_id: _day_entry_rows(LoanPayment.objects.filter(loan__player_id=player_id)), player_id=int
)


def _figures(loan: Loan, *, today: date, amount_paid: int, paid_days: int, entry_days: int) -> dict:
    """The loan's fields and the figures its day entries give, without the entries themselves."""
    return {
        "id": loan.pk,
        "player_id": loan.player_id,
        "player_name": loan.player.name,
        "value": loan.value,
        "interest_rate": loan.interest_rate,
        "daily_rate": rules.daily_rate(rate=loan.interest_rate, total_days=loan.total_days),
        "total_days": loan.total_days,
        "total_to_pay": loan.total_to_pay,
        "daily_payment": loan.daily_payment,
        "start_date": loan.start_date,
        "status": loan.status,
        "paid_off": loan.paid_off,
        "paid_off_at": loan.paid_off_at,
        "solo_gain": loan.solo_gain,
        "current_day": rules.current_day(start=loan.start_date, today=today),
        "days_passed": rules.days_passed(start=loan.start_date, today=today, total_days=loan.total_days),
        "amount_paid": amount_paid + loan.repaid_at_pay_off,
        "repaid_at_pay_off": loan.repaid_at_pay_off,
        "written_off": loan.written_off,
        "remaining": max(0, loan.total_to_pay - amount_paid - loan.repaid_at_pay_off - loan.written_off),
        "payments_made": paid_days,
        "missed_payments": entry_days - paid_days,
        "paid_percent": rules.paid_percent(
            amount_paid=amount_paid, total_to_pay=loan.total_to_pay, paid_off=loan.paid_off
        ),
        "payoff_solo_gain": loan.solo_gain
        if loan.paid_off
        else rules.solo_dividend_gain(value=loan.value, total=loan.total_to_pay),
        "admin_notes": loan.admin_notes,
        "created_at": loan.created_at,
    }


def loan_figures(loan: Loan, *, today: date) -> dict:
    """The loan's figures and its day entries (from _with_day_entries, else prefetched payments)."""
    entries = getattr(loan, "day_entries", None)
    if entries is None:
        entries = [{"date": p.date, "status": p.status, "value": p.value} for p in loan.payments.all()]
    paid = [entry for entry in entries if entry["status"] == LoanPayment.Status.PAID]
    figures = _figures(
        loan,
        today=today,
        amount_paid=sum(entry["value"] for entry in paid),
        paid_days=len(paid),
        entry_days=len(entries),
    )
    figures["payments_history"] = entries
    return figures


def loan_listing_status(figures: dict, *, today_entry: dict | None, today: date) -> tuple[str, str]:
    """Check Loans: the first of paid_today, not_paid_today, start_today, period_over, upcoming."""
    day, total_days = figures["current_day"], figures["total_days"]
    if today_entry and today_entry["status"] == LoanPayment.Status.PAID:
        return "paid_today", f"Paid today (€{today_entry['value']:,})"
    if today_entry:
        return "not_paid_today", "Marked Not Paid today"
    if figures["start_date"] == today:
        return "start_today", f"Starts today: day 1 of {total_days}, €{figures['daily_payment']:,} due"
    if day > total_days:
        return "period_over", f"Loan period over ({total_days} days): €{figures['remaining']:,} remaining"
    if day < 1:
        return "upcoming", f"Starts on {day_text(figures['start_date'])}"
    return "upcoming", f"Day {day} of {total_days}: €{figures['daily_payment']:,} due today"


def _arrears_of(figures: dict, *, today: date) -> dict:
    """An Active loan's arrears and what today's day asks (lending.rules.loan_arrears), from its day entries
    read already: no query. A closed loan owes none."""
    if figures["status"] != Loan.Status.ACTIVE:
        return {"due_today": 0, "arrears": 0, "arrears_days": 0}
    found = rules.loan_arrears(
        start=figures["start_date"],
        total_days=figures["total_days"],
        total_to_pay=figures["total_to_pay"],
        daily_payment=figures["daily_payment"],
        paid=sum(entry["value"] for entry in figures["payments_history"] if entry["status"] == LoanPayment.Status.PAID),
        today=today,
    )
    return {"due_today": found.due_today, "arrears": found.arrears, "arrears_days": found.arrears_days}


def _with_listing(figures: dict, *, today: date) -> dict:
    """An Active loan's today entry and listing status, as Check Loans shows them (None otherwise):
    a player's details card marks today's day from them. With its arrears and what is due today."""
    figures = figures | _arrears_of(figures, today=today)
    if figures["status"] != Loan.Status.ACTIVE:
        return figures | {"today_entry": None, "listing_status": None, "status_text": figures["status"]}
    entries = figures["payments_history"]
    # entries run by date and none is after today: today's, if any, is the last
    last = entries[-1] if entries else None
    today_entry = last if last and str(last["date"]) == today.isoformat() else None
    listing, text = loan_listing_status(figures, today_entry=today_entry, today=today)
    return figures | {"today_entry": today_entry, "listing_status": listing, "status_text": text}


def loan_chart(figures: dict) -> dict:
    """My Loans' chart of a loan from its figures and day entries (loan_figures): Amount Paid and
    Remaining Amount over its first days, recorded then planned (lending.rules.loan_chart). No query."""
    chart = rules.loan_chart(
        start=figures["start_date"],
        total_days=figures["total_days"],
        total_to_pay=figures["total_to_pay"],
        daily_payment=figures["daily_payment"],
        days_passed=figures["days_passed"],
        paid_off=figures["paid_off"],
        paid=[
            (str(entry["date"]), entry["value"])
            for entry in figures["payments_history"]
            if entry["status"] == LoanPayment.Status.PAID
        ],
    )
    return {"recorded_days": chart.recorded_days, "amount_paid": chart.amount_paid, "remaining": chart.remaining}


def loan_list_for_player(*, player: Player, today: date | None = None) -> list[dict]:
    """The player's loans, newest first, with their figures, day entries, chart and (Active ones)
    today's listing status. 2 queries (1 without loans)."""
    today = today or clock.today()
    loans = _PLAYER_LOANS.instances(Loan, _LOAN_ROW_FIELDS, player_id=player.pk)
    for loan in loans:
        Loan.player.field.set_cached_value(loan, player)  # the player's own: no join
    _attach_day_entries(loans, _PLAYER_DAY_ENTRIES.rows(player_id=player.pk) if loans else ())
    rows = [_with_listing(loan_figures(loan, today=today), today=today) for loan in loans]
    for row in rows:
        row["chart"] = loan_chart(row)
    return rows


def loan_detail(*, loan_id: int, today: date | None = None) -> dict:
    """One loan with its figures. 2 queries."""
    loan = next(iter(_with_day_entries(_loans().filter(pk=loan_id))), None)
    if loan is None:
        raise BankError("Loan not found", code="not_found", status=404)
    return loan_figures(loan, today=today or clock.today())


class _TodayEntry(TypedDict):
    """_active_with_today's annotations: today's entry of the loan, None without one."""

    today_status: str | None
    today_value: int | None


def _active_with_today(today: date) -> QuerySet[WithAnnotations[Loan, _TodayEntry]]:
    """Active loans, each with the status and value of today's entry (None without one): one LEFT
    JOIN on the (loan, date) unique index, so at most one entry a loan. A correlated subquery per
    column was looked up again for each condition that read it: the counters read the status five
    times, 90,000 look-ups for 18,000 loans (bench/README.md, Issue 24)."""
    return (
        Loan.objects.filter(status=Loan.Status.ACTIVE)
        .annotate(on_today=FilteredRelation("payments", condition=Q(payments__date=today)))
        .annotate(today_status=F("on_today__status"), today_value=F("on_today__value"))
    )


def _listing_filters(today: date) -> dict[str, Q]:
    """Check Loans' listing statuses as database conditions: the first of them that applies
    (docs/rules.md, Loans), the same order as loan_listing_status."""
    nothing_today = Q(today_status__isnull=True)
    not_starting = nothing_today & ~Q(start_date=today)
    return {
        "paid_today": Q(today_status=LoanPayment.Status.PAID),
        "not_paid_today": Q(today_status=LoanPayment.Status.NOT_PAID),
        "start_today": nothing_today & Q(start_date=today),
        "period_over": not_starting & Q(end_date__lt=today),
        "upcoming": not_starting & Q(end_date__gte=today),
    }


def loans_check_counters(*, today: date) -> dict:
    """How many Active loans are in each listing status, counted by the database. 1 query."""
    filters = _listing_filters(today)
    return _active_with_today(today).aggregate(
        **{name: Count("pk", filter=condition) for name, condition in filters.items()},
        total_value=Coalesce(Sum("value"), 0),
    )


def loans_check(
    *,
    today: date | None = None,
    listing_status: str | None = None,
    search: str = "",
    offset: int = 0,
    limit: int = 50,
) -> dict:
    """Admin Check Loans: the Active loans with their figures and listing status, a page at a time,
    with the counters of the whole bank. 4 queries: the page's ids, its figures, the count and the
    counters.

    The figures are summed by the database for the page's loans only, and each loan's day-by-day
    history is left out (with thousands of active loans the histories were most of a 37 MB answer;
    bench/README.md). The History button reads one loan's entries (loan_detail).
    """
    today = today or clock.today()
    loans = _active_with_today(today)
    if listing_status:
        loans = loans.filter(_listing_filters(today)[listing_status])
    if search:
        matches = Q(player__name__icontains=search) | Q(player__discord__icontains=search)
        if search.isascii() and search.isdigit() and len(search) <= 18:
            matches |= Q(pk=int(search)) | Q(player_id=int(search))
        loans = loans.filter(matches)
    page_ids = list(loans.order_by("start_date", "id").values_list("pk", flat=True)[offset : offset + limit])
    paid = Q(payments__status=LoanPayment.Status.PAID)
    figured = (
        _active_with_today(today)
        .filter(pk__in=page_ids)
        .select_related("player")
        .annotate(
            paid_sum=Coalesce(Sum("payments__value", filter=paid), 0),
            paid_days=Count("payments", filter=paid),
            entry_days=Count("payments"),
        )
        .order_by("start_date", "id")
    )
    rows = []
    for loan in figured:
        figures = _figures(
            loan, today=today, amount_paid=loan.paid_sum, paid_days=loan.paid_days, entry_days=loan.entry_days
        )
        today_entry = (
            {"date": today, "status": loan.today_status, "value": loan.today_value} if loan.today_status else None
        )
        figures["today_entry"] = today_entry
        figures["listing_status"], figures["status_text"] = loan_listing_status(
            figures, today_entry=today_entry, today=today
        )
        rows.append(figures)
    return {"count": loans.count(), "counters": loans_check_counters(today=today), "loans": rows}


def _pending_loans() -> QuerySet[PendingLoan]:
    return PendingLoan.objects.all()


PENDING_COLUMNS = (
    "id",
    "player_id",
    "player__name",
    "player__discord",
    "value",
    "total_days",
    "interest_rate",
    "total_to_pay",
    "requested_by__display_name",
    "requested_by__player__name",
    "request_reason",
    "created_at",
    "status",
    "admin_notes",
    "decided_by__display_name",
    "decided_at",
    "converted_loan_id",
    "approvals",
)


def pending_loan_rows(requests: QuerySet[PendingLoan], *, for_officer: bool = False) -> list[dict]:
    """Loan requests as the API answers them (PendingLoanOut's shape), from one query with its joins:
    plain rows, not model instances re-read by a serializer. Officers also read the approvals a
    request above the four-eyes threshold has (who approved first, with their notes): a player sees
    their request pending until it is decided."""
    return _pending_shaped(requests.values_list(*PENDING_COLUMNS), for_officer=for_officer)


def _officer_name(display_name: str | None) -> str | None:
    """The officer a request names, as players read it (docs/rules.md, "Officers"); None: nobody."""
    return None if display_name is None else officer_public_name(display_name)


def _pending_shaped(values: Iterable[tuple], *, for_officer: bool = False) -> list[dict]:
    rows = []
    for row in values:
        (pk, player_id, name, discord, value, days, rate, total, by_user, by_player, reason, asked, status, notes,
         decided_by, decided_at, loan_id, approvals) = row  # fmt: skip
        approved, denied = status == PendingLoan.Status.APPROVED, status == PendingLoan.Status.DENIED
        rows.append(
            {
                "id": pk,
                "player_id": player_id,
                "player_name": name,
                "player_discord": discord,
                "value": value,
                "total_days": days,
                "interest_rate": rate,
                "daily_rate": rules.daily_rate(rate=rate, total_days=days),
                "total_to_pay": total,
                # who asked: the player's name, or the proposing officer's display name (never a username)
                "user": by_player or _officer_name(by_user),
                "request_reason": reason,
                "request_date": asked,
                "created_date": asked,
                "status": status,
                "admin_notes": notes,
                # the API names the decision by its outcome, as the spec's screens read it
                "approved_by": _officer_name(decided_by) if approved else None,
                "approved_date": decided_at if approved else None,
                "denied_by": _officer_name(decided_by) if denied else None,
                "denied_date": decided_at if denied else None,
                "converted_loan_id": loan_id,
            }
        )
        if for_officer:
            rows[-1]["approvals"] = approvals_out(approvals)
    return rows


_PLAYER_PENDING = CompiledQuery(
    lambda player_id: (
        _pending_loans().filter(player_id=player_id).order_by("-created_at", "-id").values_list(*PENDING_COLUMNS)
    ),
    player_id=int,
)


def pending_loans_for_player(*, player: Player) -> list[dict]:
    """The player's own requests, newest first. 1 query, compiled once (bank/sql.py)."""
    return _pending_shaped(_PLAYER_PENDING.rows(player_id=player.pk))


def pending_loan_detail(*, request_id: int, for_officer: bool = False) -> dict:
    rows = pending_loan_rows(_pending_loans().filter(pk=request_id), for_officer=for_officer)
    if not rows:
        raise BankError("Loan request not found", code="not_found", status=404)
    return rows[0]


def pending_loans_open() -> QuerySet[PendingLoan]:
    """Every request still waiting for an admin, oldest first (a review queue)."""
    return _pending_loans().filter(status=PendingLoan.Status.PENDING).order_by("created_at", "id")


# read by every solo player's bank data: compiled once (bank/sql.py); the ORM's `.first()` built
# and compiled its query on each call, a fifth of the bank data's time in the profile (bench/README.md)
_SOLO_DIVIDENDS = CompiledQuery(lambda: SoloDividends.objects.filter(pk=1).values_list("dividends"))


def solo_dividends_amount() -> int:
    """The dividends, 0 before any were recorded. 1 query, and a read never writes."""
    rows = _SOLO_DIVIDENDS.rows()
    return rows[0][0] if rows else 0


def loan_paid_total(loan_id: int) -> int:
    """What a loan has been paid back by its Paid days (one query)."""
    return (
        LoanPayment.objects.filter(loan_id=loan_id, status=LoanPayment.Status.PAID).aggregate(total=Sum("value"))[
            "total"
        ]
        or 0
    )


def loans_outstanding(player: Player) -> int:
    """The principal a player still owes on their active loans: each loan's value in the share of its
    total not yet paid (one query)."""
    rows = (
        Loan.objects.filter(player=player, status=Loan.Status.ACTIVE)
        .annotate(
            paid=Coalesce(Sum("payments__value", filter=Q(payments__status=LoanPayment.Status.PAID)), 0),
        )
        .values_list("value", "total_to_pay", "paid")
    )
    return sum(rules.principal_outstanding(value=value, total=total, paid=paid) for value, total, paid in rows)


def loans_outstanding_refusal(*, player: Player, value: int, status: int = 400) -> BankError | None:
    """The tier's maximum holds for the loans a player owes in all, not for each loan alone."""
    tier = credit_rules.tier_for(player.credit_score)
    owed = loans_outstanding(player)
    if owed + value > tier.max_loan_amount:
        left = max(0, tier.max_loan_amount - owed)
        message = (
            f"{tier.name} players may owe at most €{tier.max_loan_amount:,} on loans in all: "
            f"€{owed:,} is still owed, so at most €{left:,} more"
        )
        return BankError(message, code="over_max_amount", status=status, fields={"value": [message]})
    return None


def loan_request_refusal(*, player: Player, value: int) -> BankError | None:
    """Why a request of this value by this player would be refused now, or None: the one check
    behind both the request (which raises it) and the quote (which shows it)."""
    eligibility = credit_eligibility(player)
    if not eligibility.is_eligible:
        return BankError(eligibility.reason, code="not_eligible")
    if value > eligibility.max_loan_amount:
        message = f"The maximum loan amount for your tier is €{eligibility.max_loan_amount:,}"
        return BankError(message, code="over_max_amount", fields={"value": [message]})
    return loans_outstanding_refusal(player=player, value=value)


def loan_quote(*, player: Player, value: int | None, total_days: int | None) -> dict:
    """What the Request Loan and Add Product forms show: this player's price for this value, priced
    by the same rules.loan_terms as the real request, and whether a request would be accepted."""
    eligibility = credit_eligibility(player)
    terms = rules.loan_terms(value=value, score=player.credit_score, total_days=total_days) if value else None
    if value:
        refusal = loan_request_refusal(player=player, value=value)
        reason = refusal.detail if refusal else ""
    else:
        reason = "" if eligibility.is_eligible else eligibility.reason
    return {
        "player_id": player.pk,
        "value": value,
        "total_days": total_days,
        "tier": eligibility.tier,
        "base_rate": terms.base_rate if terms else None,
        "tier_discount": credit_rules.tier_for(player.credit_score).rate_discount,
        "interest_rate": terms.interest_rate if terms else None,
        "total_to_pay": terms.total_to_pay if terms else None,
        "daily_payment": terms.daily_payment if terms else None,
        "max_loan_amount": eligibility.max_loan_amount,
        "eligible": not reason,
        "reason": reason,
        "rate_table": [{"label": row.label, "amount": row.amount, "rate": row.rate} for row in credit_rules.RATE_TABLE],
    }


def loan_limits(*, today: date | None = None) -> dict:
    """The bounds the admin's loan dialogs check before they send (the server checks them again)."""
    today = today or clock.today()
    first, last = rules.start_date_window(today)
    return {
        "min_amount": 1,
        "max_amount": rules.MAX_AMOUNT,
        "min_days": 1,
        "max_days": rules.MAX_DAYS,
        "max_rate": rules.MAX_RATE,
        "notes_max_length": rules.MAX_NOTES_LENGTH,
        "start_date_min": first,
        "start_date_max": last,
        "today": today,
    }


def loan_counts_for_credit(player_ids: Iterable[int] | None) -> dict[int, dict[str, int]]:
    """The credit migration's loan figures per player, in 2 aggregate queries.

    {player_id: {"loans_taken": n, "loans_completed": n, "loan_days_paid": n}}; None means all.
    """
    loans = Loan.objects.all()
    payments = LoanPayment.objects.filter(status=LoanPayment.Status.PAID)
    if player_ids is not None:
        ids = list(player_ids)
        loans = loans.filter(player_id__in=ids)
        payments = payments.filter(loan__player_id__in=ids)
    counts: dict[int, dict[str, int]] = {}
    rows = (
        loans.values("player_id")
        .annotate(taken=Count("id"), completed=Count("id", filter=Q(status=Loan.Status.PAID_OFF)))
        .order_by()
    )
    for row in rows:
        counts[row["player_id"]] = {
            "loans_taken": row["taken"],
            "loans_completed": row["completed"],
            "loan_days_paid": 0,
        }
    for paid_days in payments.values("loan__player_id").annotate(days=Count("id")).order_by():
        entry = counts.setdefault(
            paid_days["loan__player_id"], {"loans_taken": 0, "loans_completed": 0, "loan_days_paid": 0}
        )
        entry["loan_days_paid"] = paid_days["days"]
    return counts


def loan_counts_sql(players: tuple[str, list] | None) -> tuple[str, list, tuple[str, ...]]:
    """The same figures for the database to score players in one pass (credit.migration.summary):
    SQL answering one row per player with loans (`player_id, loans_taken, loans_completed,
    loan_days_paid`), its parameters and its count columns. `players` (SQL selecting player ids, and
    its parameters) keeps it to those players; None means all. Each loan's Paid days are counted
    first, through the (loan, status) index, then summed per player."""
    quote = connection.ops.quote_name
    loan, payment = quote(Loan._meta.db_table), quote(LoanPayment._meta.db_table)
    player_id, loan_id, status = quote("player_id"), quote("loan_id"), quote("status")
    inner_filter = outer_filter = ""
    only_params: list = []
    if players is not None:
        inner_filter = f" AND {loan_id} IN (SELECT {quote('id')} FROM {loan} WHERE {player_id} IN ({players[0]}))"
        outer_filter = f" WHERE l.{player_id} IN ({players[0]})"
        only_params = list(players[1])
    sql = (
        f"SELECT l.{player_id} AS player_id, COUNT(*) AS loans_taken, "
        f"SUM(CASE WHEN l.{status} = %s THEN 1 ELSE 0 END) AS loans_completed, "
        f"COALESCE(SUM(d.n), 0) AS loan_days_paid FROM {loan} l LEFT JOIN ("
        f"SELECT {loan_id} AS loan_id, COUNT(*) AS n FROM {payment} WHERE {status} = %s{inner_filter} "
        f"GROUP BY {loan_id}) d ON d.loan_id = l.{quote('id')}{outer_filter} GROUP BY l.{player_id}"
    )
    params = [Loan.Status.PAID_OFF.value, LoanPayment.Status.PAID.value, *only_params, *only_params]
    return sql, params, ("loans_taken", "loans_completed", "loan_days_paid")


def loan_requests_asked(*, player_id: int, since, until) -> int:
    """The bread of the loan requests the player filed themselves in this window, not denied (an
    officer's proposal is not the player asking: bank.decisions)."""
    return (
        PendingLoan.objects.filter(player_id=player_id, created_at__gt=since, created_at__lte=until)
        .filter(requested_by__is_staff=False)
        .exclude(status__in=[PendingLoan.Status.DENIED, PendingLoan.Status.CANCELLED])
        .aggregate(total=Sum("value"))["total"]
        or 0
    )


def rule_rates_within_bounds(values: dict) -> str:
    """The rates the rules give (new savings, loans by amount and tier) must stay within the bank's
    bounds: a bound that excluded them would refuse the bank's own products."""
    savings_rates = [rules.savings_rate(score=tier.min_score) for tier in credit_rules.TIERS]
    loan_rates = [
        rules.loan_terms(value=row.amount or 1, score=tier.min_score).interest_rate
        for row in credit_rules.RATE_TABLE
        for tier in credit_rules.TIERS
    ]
    if min(savings_rates) < values["savings_rate_min"] or max(savings_rates) > values["savings_rate_max"]:
        return (
            f"The weekly savings rate bounds must include the bank's own rates "
            f"({min(savings_rates) * 100:.2f}% to {max(savings_rates) * 100:.2f}%)"
        )
    if min(loan_rates) < values["loan_rate_min"] or max(loan_rates) > values["loan_rate_max"]:
        return (
            f"The loan rate bounds must include the bank's own rates "
            f"({min(loan_rates) * 100:.2f}% to {max(loan_rates) * 100:.2f}%)"
        )
    return ""
