"""Arrears: what each loan owes past its due days, computed by the database for every loan at once
(docs/rules.md, "Arrears"). The one place the rule is computed: the Overview, the Arrears list, the
daily figures and each loan's bucket history all read it from here.

On a day D (the bank's day, `on`), a loan lent by then and not closed by then (Active, or paid off or
written off after D) has:
- `paid`: its Paid day entries dated D or earlier;
- `due`: what its days up to D − 1 (yesterday) made due: the daily payment for each day from its start
  to yesterday, at most the total; the whole total once its last day is yesterday or earlier;
- `arrears`: due − paid, never below 0; `arrears_days`: arrears ÷ daily payment, rounded up;
- `outstanding`: total to pay − paid, never below 0 (the Overview's outstanding), and
  `principal_outstanding`: its value in the share of the total not yet paid, rounded half up.
Each figure is a database expression over one grouped read of the loans and their entries: a fixed
number of queries whatever the number of loans or entries.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING, TypedDict

from django.db import connection
from django.db.models import (
    BigIntegerField,
    Case,
    DecimalField,
    ExpressionWrapper,
    F,
    Func,
    IntegerField,
    Q,
    QuerySet,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce, Floor, Greatest, Least
from django.utils import timezone

from lending import rules
from lending.loans.models import Loan, LoanPayment

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

BIG = BigIntegerField()


class _Arrears(TypedDict):
    """loans_with_arrears' annotations."""

    paid: int
    due: int
    outstanding: int
    arrears: int
    arrears_days: int
    principal_outstanding: int


class DaysBetween(Func):
    """Whole days from the second date to the first (`later − earlier`), in SQL."""

    output_field = IntegerField()
    arg_joiner = " - "
    template = "(%(expressions)s)"  # PostgreSQL: date - date is a number of days

    def as_sqlite(self, compiler, connection, **extra_context):
        later, earlier = self.source_expressions
        later_sql, later_params = compiler.compile(later)
        earlier_sql, earlier_params = compiler.compile(earlier)
        sql = f"CAST(julianday({later_sql}) - julianday({earlier_sql}) AS INTEGER)"
        return sql, (*later_params, *earlier_params)


def end_of(day: date) -> datetime:
    """The first moment after `day` on the bank's clock."""
    return timezone.make_aware(datetime.combine(day + timedelta(days=1), time.min))


def lent_and_open_on(day: date) -> Q:
    """Loans lent by the end of `day` and not closed by then: Active, or paid off or written off later.
    On today this is exactly the Active loans."""
    after = end_of(day)
    return Q(created_at__lt=after) & (
        Q(status=Loan.Status.ACTIVE) | Q(paid_off_at__gte=after) | Q(written_off_at__gte=after)
    )


def loans_with_arrears(on: date) -> QuerySet[WithAnnotations[Loan, _Arrears]]:
    """The loans open on `on`, each annotated with paid, due, arrears, arrears_days, outstanding and
    principal_outstanding (the module's docstring). One grouped query when read."""
    yesterday = on - timedelta(days=1)
    # PostgreSQL sums bigints as numeric: cast back, so that the days in arrears divide as whole numbers
    paid = Cast(
        Coalesce(
            Sum("payments__value", filter=Q(payments__status=LoanPayment.Status.PAID, payments__date__lte=on)),
            0,
            output_field=BIG,
        ),
        BIG,
    )
    days_due = Least(
        Greatest(DaysBetween(Value(yesterday), F("start_date")) + 1, Value(0)),
        F("total_days"),
        output_field=BIG,
    )
    due = Case(
        When(end_date__lte=yesterday, then=F("total_to_pay")),
        default=Least(F("daily_payment") * days_due, F("total_to_pay"), output_field=BIG),
        output_field=BIG,
    )
    per_day = Greatest(F("daily_payment"), Value(1), output_field=BIG)  # a daily payment of 0: a day per bread
    # what the loan's value still owed is, in numbers that cannot overflow a 64-bit product
    exact = DecimalField(max_digits=38, decimal_places=0)
    principal = Floor(
        ExpressionWrapper(
            (Cast("value", exact) * F("outstanding") * 2 + F("total_to_pay")) / (Cast("total_to_pay", exact) * 2),
            output_field=DecimalField(max_digits=38, decimal_places=10),
        )
    )
    return (
        Loan.objects.filter(lent_and_open_on(on))
        .order_by()
        .annotate(paid=paid)
        .annotate(
            due=due,
            outstanding=Greatest(F("total_to_pay") - F("paid"), Value(0), output_field=BIG),
        )
        .annotate(arrears=Greatest(F("due") - F("paid"), Value(0), output_field=BIG))
        .annotate(
            arrears_days=ExpressionWrapper((F("arrears") + per_day - 1) / per_day, output_field=BIG),
            principal_outstanding=Cast(principal, BIG),
        )
    )


def _bucket_condition(least: int, most: int | None) -> Q:
    return Q(arrears_days__gte=least) if most is None else Q(arrears_days__gte=least, arrears_days__lte=most)


def loan_book(on: date) -> dict:
    """The loans open on `on`: how many, what they still owe (its principal and interest), and the
    arrears buckets with their count, amount in arrears and outstanding, and each one's share of the
    loans outstanding (portfolio at risk). 1 query: the sums over the grouped read of the loans
    (the ORM cannot sum its own grouped annotations, so the outer SELECT is written here)."""
    inner_sql, params = (
        loans_with_arrears(on)
        .values("pk", "arrears", "arrears_days", "outstanding", "principal_outstanding")
        .query.sql_with_params()
    )

    def total(column: str, condition: str = "1 = 1") -> str:
        return f"COALESCE(SUM(CASE WHEN {condition} THEN {column} ELSE 0 END), 0)"

    def count(condition: str) -> str:
        return f"COALESCE(SUM(CASE WHEN {condition} THEN 1 ELSE 0 END), 0)"

    figures = {
        "open_loans": "COUNT(*)",
        "outstanding": total("outstanding"),
        "principal_outstanding": total("principal_outstanding"),
        "arrears_loans": count("arrears_days >= 1"),
        "arrears_amount": total("arrears", "arrears_days >= 1"),
        "arrears_outstanding": total("outstanding", "arrears_days >= 1"),
    }
    for key, _label, least, most in rules.ARREARS_BUCKETS:
        condition = f"arrears_days >= {int(least)}" + (f" AND arrears_days <= {int(most)}" if most else "")
        figures[f"b_{key}_count"] = count(condition)
        figures[f"b_{key}_amount"] = total("arrears", condition)
        figures[f"b_{key}_outstanding"] = total("outstanding", condition)
    names = list(figures)
    select = ", ".join(figures[name] for name in names)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {select} FROM ({inner_sql}) loans_with_arrears", params)  # the SQL holds no input
        values = cursor.fetchone()
    return shaped_book({name: int(value or 0) for name, value in zip(names, values, strict=True)})


def shaped_book(row: dict) -> dict:
    """loan_book's answer from its flat row (the buckets in order, each with its share)."""
    outstanding = row["outstanding"]
    buckets = [
        {
            "bucket": key,
            "title": title,
            "count": row[f"b_{key}_count"],
            "amount": row[f"b_{key}_amount"],
            "outstanding": row[f"b_{key}_outstanding"],
            "share": rules.share(row[f"b_{key}_outstanding"], outstanding),
        }
        for key, title, _least, _most in rules.ARREARS_BUCKETS
    ]
    return {
        "open_loans": row["open_loans"],
        "outstanding": outstanding,
        "principal_outstanding": row["principal_outstanding"],
        "interest_outstanding": outstanding - row["principal_outstanding"],
        "arrears_loans": row["arrears_loans"],
        "arrears_amount": row["arrears_amount"],
        "arrears_outstanding": row["arrears_outstanding"],
        "portfolio_at_risk": rules.share(row["arrears_outstanding"], outstanding),
        "buckets": buckets,
    }


def arrears_by_loan(on: date) -> dict[int, tuple[int, int]]:
    """Every loan in arrears on `on`: its id -> (amount in arrears, days in arrears). 1 query."""
    rows = loans_with_arrears(on).filter(arrears_days__gte=1).values_list("pk", "arrears", "arrears_days")
    return {pk: (amount, days) for pk, amount, days in rows}


ARREARS_ORDERS = {
    "days": ("arrears_days", "pk"),
    "-days": ("-arrears_days", "pk"),
    "amount": ("arrears", "pk"),
    "-amount": ("-arrears", "pk"),
    "outstanding": ("outstanding", "pk"),
    "-outstanding": ("-outstanding", "pk"),
    "player": ("player__name", "pk"),
    "-player": ("-player__name", "-pk"),
    "start_date": ("start_date", "pk"),
    "-start_date": ("-start_date", "-pk"),
    "loan": ("pk",),
    "-loan": ("-pk",),
}


def arrears_page(
    *, on: date, order: str = "-days", bucket: str | None = None, offset: int = 0, limit: int = 50
) -> dict:
    """The Arrears list: the loans in arrears on `on`, sorted by the database (ARREARS_ORDERS), a page at
    a time, each with its player and figures. 2 queries: the page and the count."""
    loans = loans_with_arrears(on).filter(arrears_days__gte=1)
    if bucket:
        least, most = next((lo, hi) for key, _l, lo, hi in rules.ARREARS_BUCKETS if key == bucket)
        loans = loans.filter(_bucket_condition(least, most))
    page = loans.order_by(*ARREARS_ORDERS[order]).values(
        "player_id",
        "start_date",
        "total_days",
        "value",
        "total_to_pay",
        "daily_payment",
        "paid",
        "due",
        "arrears",
        "arrears_days",
        "outstanding",
        loan_id=F("id"),
        player_name=F("player__name"),
        player_discord=F("player__discord"),
    )[offset : offset + limit]
    rows = [{**row, "bucket": rules.arrears_bucket(row["arrears_days"])} for row in page]
    return {"count": loans.count(), "rows": rows}
