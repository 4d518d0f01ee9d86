"""The bank's health over time (issue 35): one row of figures a day (`DailyFigures`), written by the daily
job from the ledger (bank/ledger.py: every movement of bread, with its reason) and the loans' payment
history (the arrears, lending.loans.arrears), never from a page of a list. Site layer: it reads every app.

A day is the bank's day (BANK_TIME_ZONE): its ledger entries are those made from its midnight to the next.
- Held at the day's end, from every ledger entry made before it: the savings balances, the solo dividends.
- Loans (the payment history, docs/rules.md "Arrears"): the loans open that day, what they still owe (its
  principal and its interest still to come) and the arrears buckets.
- Moved during the day, by ledger reason: interest paid to savers (weeks paid out or compounded), loan
  interest collected (each loan's net repayment of the day times its share of interest, (total − value) ÷
  total, rounded half up once a loan), solo dividends added (pay-offs' share), lent (loans lent, and edits
  of their value either way), repaid (days paid less days changed from Paid, and pay-offs' rest), written
  off, withdrawals, deposits into new savings, pearl exchanges (bread in: buys; bread out: sales).
- Players: every player recorded by the day's end, the new ones of the day, and those with a product
  (savings holding bread at the day's end, by the ledger, or a loan open that day).

The job writes the row of every day from the first day of the ledger (a bank's first run backfills its
past) or the day after the last row, to yesterday. A day written the next morning is `day_figures` (8
queries); many days at once (a backfill) are `figures_of_days`, one pass over the books whatever the
number of days (the ledger, the players, the loans and their Paid entries read once each), computing the
same figures by the same rules; a test holds the backfill to the day-by-day rows.
"""

import csv
import io
from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import BigIntegerField, Case, Count, F, Q, Sum, When
from django.db.models.functions import Coalesce, TruncDate

from accounts.models import Player
from bank import clock, outbox
from bank.models import LedgerEntry
from bank.texts import counted, day_text
from credit.rules import round_bread
from lending.loans.arrears import arrears_ends, end_of, lent_and_open_on, loan_book, shaped_book
from lending.models import Loan, LoanPayment
from lending.rules import arrears_buckets as rules_buckets
from lending.rules import share

from .models import ArrearsDigest, DailyFigures

BIG = BigIntegerField()
SAVINGS = LedgerEntry.Account.SAVINGS
LOAN = LedgerEntry.Account.LOAN
SOLO = LedgerEntry.Account.SOLO_DIVIDENDS
BANK = LedgerEntry.Account.BANK

REPAYMENTS = ("loan_day_paid", "loan_paid_off")  # into a loan's account: repaid
REPAYMENTS_BACK = ("loan_day_unpaid",)  # out of it: a Paid day changed back


def _sum(condition: Q):
    return Coalesce(Sum("amount", filter=condition), 0, output_field=BIG)


def _held(end) -> dict:
    """Savings and solo dividends held at `end`, from every entry before it. 1 query."""
    return LedgerEntry.objects.filter(created_at__lt=end).aggregate(
        savings_in=_sum(Q(to_account=SAVINGS)),
        savings_out=_sum(Q(from_account=SAVINGS)),
        solo_in=_sum(Q(to_account=SOLO)),
        solo_out=_sum(Q(from_account=SOLO)),
    )


def _moved(start, end) -> dict[str, int]:
    """The day's movements by reason (an edit of a loan's value signed: + lent, − taken back). 1 query."""
    rows = (
        LedgerEntry.objects.filter(created_at__gte=start, created_at__lt=end)
        .values("reason", "from_account")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    moved: dict[str, int] = defaultdict(int)
    for row in rows:
        sign = -1 if row["reason"] == "loan_edited" and row["from_account"] != BANK else 1
        moved[row["reason"]] += sign * row["total"]
    return moved


def _loan_interest(start, end) -> int:
    """The interest part of the day's repayments: per loan, its net repayment times (total − value) ÷ total,
    rounded half up once. 2 queries (the repayments by loan, the loans' terms)."""
    signed = Case(
        When(reason__in=REPAYMENTS, then=F("amount")),
        default=-F("amount"),
        output_field=BIG,
    )
    by_loan = dict(
        LedgerEntry.objects.filter(created_at__gte=start, created_at__lt=end)
        .filter(
            Q(reason__in=REPAYMENTS, to_account=LOAN) | Q(reason__in=REPAYMENTS_BACK, from_account=LOAN),
        )
        .annotate(loan_id=Case(When(to_account=LOAN, then=F("to_id")), default=F("from_id")))
        .values("loan_id")
        .annotate(net=Sum(signed))
        .order_by()
        .values_list("loan_id", "net")
    )
    terms = Loan.objects.filter(pk__in=list(by_loan) or [0]).values_list("pk", "value", "total_to_pay")
    return sum(round_bread(Decimal(by_loan[pk]) * (total - value) / total) for pk, value, total in terms if total > 0)


def _players(day: date, start, end) -> dict:
    """Every player recorded by the day's end, the day's new ones, and those with a product. 3 queries."""
    counts = Player.objects.filter(created_at__lt=end).aggregate(
        players_all=Count("pk"), players_new=Count("pk", filter=Q(created_at__gte=start))
    )
    signed = Case(When(to_account=SAVINGS, then=F("amount")), default=-F("amount"), output_field=BIG)
    savers = set(
        LedgerEntry.objects.filter(created_at__lt=end, player_id__isnull=False)
        .filter(Q(to_account=SAVINGS) | Q(from_account=SAVINGS))
        .annotate(account=Case(When(to_account=SAVINGS, then=F("to_id")), default=F("from_id")))
        .values("player_id", "account")
        .annotate(balance=Sum(signed))
        .filter(balance__gt=0)
        .order_by()
        .values_list("player_id", flat=True)
    )
    borrowers = set(Loan.objects.filter(lent_and_open_on(day)).values_list("player_id", flat=True))
    return counts | {"players_with_product": len(savers | borrowers)}


def _figures_row(day: date, *, savings: int, solo: int, moved: dict[str, int], book: dict, interest: int) -> dict:
    """A day's DailyFigures fields but its players', from what was held at its end, its movements by reason,
    its loans' book and the interest its repayments collected."""
    figures = {
        "day": day,
        "savings_held": savings,
        "solo_dividends_held": solo,
        "open_loans": book["open_loans"],
        "loans_outstanding": book["outstanding"],
        "loans_principal_outstanding": book["principal_outstanding"],
        "loans_interest_outstanding": book["interest_outstanding"],
        "savers_interest": moved["week_interest_paid"] + moved["week_interest_compounded"],
        "loan_interest_collected": interest,
        "solo_dividends_added": moved["solo_gain"],
        "lent": moved["loan_disbursed"] + moved["loan_edited"],
        "repaid": moved["loan_day_paid"] + moved["loan_paid_off"] - moved["loan_day_unpaid"],
        "written_off": moved["loan_written_off"],
        "withdrawals": moved["withdrawal"],
        "deposits": moved["savings_deposit"],
        "pearl_bread_in": moved["pearl_buy"],
        "pearl_bread_out": moved["pearl_sale"],
        "arrears_loans": book["arrears_loans"],
        "arrears_amount": book["arrears_amount"],
        "arrears_outstanding": book["arrears_outstanding"],
    }
    for bucket in book["buckets"]:
        key = bucket["bucket"]
        figures[f"arrears_{key}_count"] = bucket["count"]
        figures[f"arrears_{key}_amount"] = bucket["amount"]
        figures[f"arrears_{key}_outstanding"] = bucket["outstanding"]
    return figures


def day_figures(day: date) -> dict:
    """The figures of `day` (the module's docstring), as DailyFigures' fields. 8 queries."""
    start, end = end_of(day - timedelta(days=1)), end_of(day)
    held = _held(end)
    figures = _figures_row(
        day,
        savings=held["savings_in"] - held["savings_out"],
        solo=held["solo_in"] - held["solo_out"],
        moved=_moved(start, end),
        book=loan_book(day),
        interest=_loan_interest(start, end),
    )
    return figures | _players(day, start, end)


# --- many days in one pass (the backfill) -----------------------------------------------------------
# The same figures as day_figures, for every day from `first` to `last`, reading the ledger, the players,
# the loans and their Paid day entries once each (a year of a large bank is read once, not once a day);
# operations/tests/test_bank_health.py checks that a backfill equals the day-by-day rows.


def _local_day(moment) -> date:
    return clock.local(moment).date()


def _movements_by_day(start, end) -> dict[date, list[dict[str, Any]]]:
    """Every ledger movement from `start` to `end` summed by the bank's day, reason and accounts. 1 query."""
    rows = (
        LedgerEntry.objects.filter(created_at__gte=start, created_at__lt=end)
        .annotate(day=TruncDate("created_at"))
        .values("day", "reason", "from_account", "to_account")
        .annotate(total=Sum("amount"))
        .order_by()
    )
    by_day: dict[date, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_day[_as_day(row["day"])].append(dict(row))
    return by_day


def _as_day(value) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def _loan_interest_by_day(start, end) -> dict[date, int]:
    """_loan_interest of every day from `start` to `end`: each loan's net repayment of a day times its share
    of interest, rounded half up once a loan and day. 2 queries."""
    signed = Case(When(reason__in=REPAYMENTS, then=F("amount")), default=-F("amount"), output_field=BIG)
    rows = list(
        LedgerEntry.objects.filter(created_at__gte=start, created_at__lt=end)
        .filter(Q(reason__in=REPAYMENTS, to_account=LOAN) | Q(reason__in=REPAYMENTS_BACK, from_account=LOAN))
        .annotate(
            day=TruncDate("created_at"), loan_id=Case(When(to_account=LOAN, then=F("to_id")), default=F("from_id"))
        )
        .values("day", "loan_id")
        .annotate(net=Sum(signed))
        .order_by()
        .values_list("day", "loan_id", "net")
    )
    terms = {
        pk: (value, total)
        for pk, value, total in Loan.objects.filter(pk__in={loan_id for _d, loan_id, _n in rows} or [0]).values_list(
            "pk", "value", "total_to_pay"
        )
    }
    by_day: dict[date, int] = defaultdict(int)
    for day, loan_id, net in rows:
        if loan_id in terms and terms[loan_id][1] > 0:
            value, total = terms[loan_id]
            by_day[_as_day(day)] += round_bread(Decimal(net) * (total - value) / total)
    return by_day


class _Counted:
    """Players with a product: how many have savings holding bread or an open loan, kept as events come."""

    def __init__(self) -> None:
        self.loans: dict[int, int] = defaultdict(int)
        self.accounts: dict[int, int] = defaultdict(int)  # savings accounts holding bread
        self.count = 0

    def _change(self, counter: dict[int, int], player_id: int, step: int) -> None:
        had = self.loans[player_id] > 0 or self.accounts[player_id] > 0
        counter[player_id] += step
        has = self.loans[player_id] > 0 or self.accounts[player_id] > 0
        self.count += int(has) - int(had)

    def loan(self, player_id: int, step: int) -> None:
        self._change(self.loans, player_id, step)

    def account(self, player_id: int, step: int) -> None:
        self._change(self.accounts, player_id, step)


def _loans_by_day(first: date, last: date, ends) -> tuple[dict[date, dict], list[tuple[date, int, int]]]:
    """loan_book of every day from `first` to `last` (lending.loans.arrears: the same rule, loan by loan),
    and the loans' open and close events (day, player, +1 or −1) for the players with a product. 2 queries:
    the loans, their Paid day entries up to `last`."""
    loans = list(
        Loan.objects.order_by("pk").values_list(
            "pk",
            "player_id",
            "created_at",
            "status",
            "paid_off_at",
            "written_off_at",
            "start_date",
            "end_date",
            "total_days",
            "value",
            "total_to_pay",
            "daily_payment",
        )
    )
    paid_entries: dict[int, list[tuple[date, int]]] = defaultdict(list)
    for loan_id, day, value in (
        LoanPayment.objects.filter(status=LoanPayment.Status.PAID, date__lte=last)
        .order_by("loan_id", "date")
        .values_list("loan_id", "date", "value")
        .iterator(chunk_size=20_000)
    ):
        paid_entries[loan_id].append((day, value))
    span = (last - first).days + 1
    names = [
        "open_loans",
        "outstanding",
        "principal_outstanding",
        "arrears_loans",
        "arrears_amount",
        "arrears_outstanding",
    ]
    keys = [key for key, *_ in rules_buckets(ends)]
    for key in keys:
        names += [f"b_{key}_count", f"b_{key}_amount", f"b_{key}_outstanding"]
    sums = {name: [0] * span for name in names}
    bounds = [(key, least, most) for key, _title, least, most in rules_buckets(ends)]
    events: list[tuple[date, int, int]] = []
    never = last + timedelta(days=1)
    for (
        pk,
        player_id,
        created_at,
        status,
        paid_off_at,
        written_off_at,
        start,
        end,
        total_days,
        value,
        total,
        daily,
    ) in loans:
        opened = _local_day(created_at)
        if status == Loan.Status.ACTIVE:
            closed = None
        else:  # open until the day it closed (lent_and_open_on): paid off or written off after the day's end
            closes = [moment for moment in (paid_off_at, written_off_at) if moment is not None]
            closed = _local_day(max(closes)) if closes else opened
        if closed is not None and closed <= opened:
            continue
        events.append((opened, player_id, 1))
        if closed is not None:
            events.append((closed, player_id, -1))
        entries = paid_entries.get(pk, [])
        per_day = daily if daily > 0 else 1
        day = max(opened, first)
        stop = min(closed or never, never)
        paid = 0
        index = 0
        while index < len(entries) and entries[index][0] <= day:
            paid += entries[index][1]
            index += 1
        while day < stop:
            while index < len(entries) and entries[index][0] <= day:
                paid += entries[index][1]
                index += 1
            n = (day - first).days
            yesterday = day - timedelta(days=1)
            if end <= yesterday:
                due = total
            else:
                days_due = min(max((yesterday - start).days + 1, 0), total_days)
                due = min(daily * days_due, total)
            outstanding = total - paid if total > paid else 0
            arrears = due - paid if due > paid else 0
            sums["open_loans"][n] += 1
            sums["outstanding"][n] += outstanding
            if total > 0:
                sums["principal_outstanding"][n] += (value * outstanding * 2 + total) // (total * 2)
            if arrears:
                days_behind = -(-arrears // per_day)
                sums["arrears_loans"][n] += 1
                sums["arrears_amount"][n] += arrears
                sums["arrears_outstanding"][n] += outstanding
                for key, least, most in bounds:
                    if days_behind >= least and (most is None or days_behind <= most):
                        sums[f"b_{key}_count"][n] += 1
                        sums[f"b_{key}_amount"][n] += arrears
                        sums[f"b_{key}_outstanding"][n] += outstanding
                        break
            day += timedelta(days=1)
    end_names = {"end_1": ends[0], "end_2": ends[1], "end_3": ends[2]}
    books = {
        first + timedelta(days=n): shaped_book({name: sums[name][n] for name in names} | end_names) for n in range(span)
    }
    return books, events


def figures_of_days(first: date, last: date) -> list[dict]:
    """day_figures of every day from `first` to `last`, in one pass over the books: a fixed number of queries
    whatever the number of days (11)."""
    start, end = end_of(first - timedelta(days=1)), end_of(last)
    held = _held(start)
    savings = held["savings_in"] - held["savings_out"]
    solo = held["solo_in"] - held["solo_out"]
    movements = _movements_by_day(start, end)
    interest = _loan_interest_by_day(start, end)
    books, loan_events = _loans_by_day(first, last, arrears_ends())
    # players: every player by the day's end, the day's new ones
    players_before = Player.objects.filter(created_at__lt=start).count()
    new_by_day: dict[date, int] = defaultdict(int)
    for created_at in Player.objects.filter(created_at__gte=start, created_at__lt=end).values_list(
        "created_at", flat=True
    ):
        new_by_day[_local_day(created_at)] += 1
    # savings holding bread, account by account, from every savings entry with a player up to the last day
    saving_events = (
        LedgerEntry.objects.filter(created_at__lt=end, player_id__isnull=False)
        .filter(Q(to_account=SAVINGS) | Q(from_account=SAVINGS))
        .order_by("created_at", "id")
        .values_list("created_at", "player_id", "to_account", "to_id", "from_id", "amount")
        .iterator(chunk_size=20_000)
    )
    counted = _Counted()
    balances: dict[tuple[int, int | None], int] = defaultdict(int)
    pending_saving = next(saving_events, None)
    loan_events.sort()
    loan_index = 0
    rows = []
    players_all = players_before
    day = first
    while day <= last:
        while loan_index < len(loan_events) and loan_events[loan_index][0] <= day:
            _day, player_id, step = loan_events[loan_index]
            counted.loan(player_id, step)
            loan_index += 1
        while pending_saving is not None and _local_day(pending_saving[0]) <= day:
            _at, saver, to_account, to_id, from_id, amount = pending_saving
            player_id = int(saver or 0)  # the query keeps entries with a player
            key = (player_id, to_id if to_account == SAVINGS else from_id)
            was = balances[key] > 0
            balances[key] += amount if to_account == SAVINGS else -amount
            if (balances[key] > 0) != was:
                counted.account(player_id, 1 if not was else -1)
            pending_saving = next(saving_events, None)
        moved: dict[str, int] = defaultdict(int)
        for row in movements.get(day, ()):
            if row["to_account"] == SAVINGS:
                savings += row["total"]
            if row["from_account"] == SAVINGS:
                savings -= row["total"]
            if row["to_account"] == SOLO:
                solo += row["total"]
            if row["from_account"] == SOLO:
                solo -= row["total"]
            sign = -1 if row["reason"] == "loan_edited" and row["from_account"] != BANK else 1
            moved[row["reason"]] += sign * row["total"]
        players_all += new_by_day[day]
        figures = _figures_row(day, savings=savings, solo=solo, moved=moved, book=books[day], interest=interest[day])
        rows.append(
            figures
            | {"players_all": players_all, "players_new": new_by_day[day], "players_with_product": counted.count}
        )
        day += timedelta(days=1)
    return rows


def first_day() -> date | None:
    """The first day of the bank's books: its first ledger entry's day (None before any)."""
    first = LedgerEntry.objects.order_by("created_at", "id").values_list("created_at", flat=True).first()
    return clock.local(first).date() if first is not None else None


def days_to_write(*, today: date) -> list[date]:
    """The days without a row, from the day after the last row (or the books' first day) to yesterday."""
    last = DailyFigures.objects.order_by("-day").values_list("day", flat=True).first()
    start = last + timedelta(days=1) if last is not None else first_day()
    if start is None:
        return []
    return [start + timedelta(days=n) for n in range((today - start).days)]


def figures_write(*, today: date | None = None) -> list[date]:
    """Write the row of every day up to yesterday that has none (the job's work; the first run backfills
    the past as far as the ledger goes). Each day in its own transaction, so a long backfill keeps what it
    wrote; a day another run wrote meanwhile is left as it is. Answers the days written."""
    today = today or clock.today()
    written = []
    days = days_to_write(today=today)
    # one day as the morning's run writes it; more (a backfill) in one pass over the books
    rows = figures_of_days(days[0], days[-1]) if len(days) > 1 else [day_figures(day) for day in days]
    for figures in rows:
        day = figures["day"]
        try:
            with transaction.atomic():
                DailyFigures.objects.create(**figures, computed_at=clock.now())
        except IntegrityError:  # written by another run: the unique day keeps one
            continue
        written.append(day)
    return written


# --- the officers' weekly digest of the arrears buckets ------------------------------------------

DIGEST_WEEKDAY = 0  # Monday: the week's first run of the daily job on or after it sends the digest


def _percent(fraction: Decimal) -> str:
    return f"{fraction * 100:.2f}%"


def _signed(number: int, money: bool = False) -> str:
    text = f"€{abs(number):,}" if money else f"{abs(number):,}"
    return ("+" if number > 0 else "−" if number < 0 else "±") + text


def _points(fraction: Decimal) -> str:
    return ("+" if fraction > 0 else "−" if fraction < 0 else "±") + f"{abs(fraction) * 100:.2f} points"


def digest_text(*, book: dict, day: date, week_ago: dict | None) -> str:
    """The digest's message: every bucket's loans, amount in arrears and portfolio at risk (its share of the
    loans outstanding), each with its change against the figures of a week before (when there are any)."""
    lines = [
        f"Arrears this week ({day_text(day)}): {counted(book['arrears_loans'], 'loan')} in arrears, "
        f"€{book['arrears_amount']:,} behind; portfolio at risk {_percent(book['portfolio_at_risk'])} "
        f"of €{book['outstanding']:,} outstanding."
    ]
    for bucket in book["buckets"]:
        line = (
            f"- {bucket['title']}: {counted(bucket['count'], 'loan')}, €{bucket['amount']:,}, "
            f"at risk {_percent(bucket['share'])}"
        )
        if week_ago is not None:
            key = bucket["bucket"]
            count = bucket["count"] - week_ago[f"arrears_{key}_count"]
            amount = bucket["amount"] - week_ago[f"arrears_{key}_amount"]
            share_before = share(week_ago[f"arrears_{key}_outstanding"], week_ago["loans_outstanding"])
            line += (
                f" ({_signed(count)} loans, {_signed(amount, money=True)}, "
                f"{_points(bucket['share'] - share_before)} against last week)"
            )
        lines.append(line)
    if week_ago is None:
        lines.append("No figures of a week ago to compare with.")
    return "\n".join(lines)


def weekly_digest(*, today: date | None = None) -> bool:
    """The officers' weekly digest of the arrears buckets, through the outbox (the webhook's channel), by
    the daily job's first run on or after the week's Monday: once a week whatever the number of workers
    or runs (the week's row is unique, written in the digest's transaction: a second run's insert fails
    and rolls back with its message). None while the bank has no open loan. Compared with the daily figures of seven days before. Answers
    whether it was sent now. 4 queries when due (the week's row, the buckets, a week ago, the write)."""
    today = today or clock.today()
    week = today - timedelta(days=(today.weekday() - DIGEST_WEEKDAY) % 7)
    if ArrearsDigest.objects.filter(week=week).exists():
        return False
    book = loan_book(today)
    if not book["open_loans"]:  # nothing to tell: the week's digest waits for a loan
        return False
    found = DailyFigures.objects.filter(day=today - timedelta(days=7)).values().first()
    week_ago = dict(found) if found is not None else None
    try:
        with transaction.atomic():
            ArrearsDigest.objects.create(week=week, sent_on=today, book=book)
            outbox.enqueue_officers(kind="arrears.digest", content=digest_text(book=book, day=today, week_ago=week_ago))
    except IntegrityError:  # sent by another run meanwhile
        return False
    return True


# --- the reads of Bank Health (GET /api/admin/bank-health) ---------------------------------------

FIGURE_FIELDS = [
    field.name for field in DailyFigures._meta.concrete_fields if field.name not in ("id", "day", "computed_at")
]


DEFAULT_RANGE_DAYS = 30


def health_range(*, first: date | None, last: date | None, days: int | None, today: date) -> tuple[date, date]:
    """The days Bank Health shows: `first` to `last` as given, or the `days` (30 by default) up to `last`
    (yesterday, the last day with figures, when left out)."""
    last = last or today - timedelta(days=1)
    if first is None:
        first = last - timedelta(days=(days or DEFAULT_RANGE_DAYS) - 1)
    return first, last


def health_csv(rows: list[dict]) -> bytes:
    """The rows as CSV (UTF-8 with BOM, as the statements): the day, then every figure, oldest first."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["day", *FIGURE_FIELDS])
    for row in rows:
        writer.writerow([row["day"].isoformat(), *(row[name] for name in FIGURE_FIELDS)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def health_rows(*, first: date, last: date) -> list[dict]:
    """The rows from `first` to `last`, oldest first. 1 query."""
    return list(
        DailyFigures.objects.filter(day__gte=first, day__lte=last).order_by("day").values("day", *FIGURE_FIELDS)
    )


def health(*, first: date, last: date) -> dict:
    """Bank Health: the range's rows, the last day's figures and each one's change over the range (the last
    row's less the first row's; the movements' change too, as the charts draw them). 1 query."""
    rows = health_rows(first=first, last=last)
    latest = rows[-1] if rows else None
    change = {name: rows[-1][name] - rows[0][name] for name in FIGURE_FIELDS} if rows else None
    return {
        "from_day": first,
        "to_day": last,
        "rows": rows,
        "latest": latest,
        "change": change,
        "portfolio_at_risk": None
        if latest is None
        else share(latest["arrears_outstanding"], latest["loans_outstanding"]),
    }
