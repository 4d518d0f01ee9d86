"""Arrears: what each loan owes past its due days, computed by the database for every loan at once
(docs/rules.md, "Arrears"). The one place the rule is computed: the Overview, the Arrears list, the
daily figures and each loan's bucket history all read it from here.

On a day D (the bank's day, `on`), a loan lent by then and not closed by then (Active, or paid off or
written off after D) has:
- `paid`: its Paid day entries dated D or earlier;
- `due`: what its days up to D − 1 (yesterday) made due: the daily payment for each day from its start
  to yesterday, at most the total; the whole total once its last day is yesterday or earlier;
- `arrears`: due − paid, never below 0; `arrears_days`: arrears ÷ daily payment, rounded up (a daily
  payment of 0 counts a day a bread);
- `outstanding`: total to pay − paid, never below 0 (the Overview's outstanding), and
  `principal_outstanding`: its value in the share of the total not yet paid, rounded half up.

One SQL read of every open loan (`_select`): the ORM selects each loan's terms and its Paid sum
(a correlated sum over the covering index `loan_payment_paid_sum` for today, so that the Overview reads no
entry's row; the entries dated up to D for a past day), and derived tables around it compute the figures
above once a loan, in SQL both SQLite and PostgreSQL run. The callers select from it: a fixed number of
queries whatever the number of loans or entries.
"""

from datetime import date, datetime, time, timedelta

from django.db import connection
from django.db.models import BigIntegerField, F, Func, OuterRef, Q, Subquery
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone

from bank import clock
from bank.models import BankSettings
from lending import rules
from lending.loans.models import Loan, LoanPayment

BIG = BigIntegerField()


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


def _paid_sum(on: date) -> Cast:
    """The Paid entries' sum of the loan in the outer query: a plain SUM (Func, not an aggregate: no GROUP
    BY), dated up to `on` (no entry is dated after today: for today, the covering index answers alone)."""
    entries = LoanPayment.objects.filter(loan=OuterRef("pk"), status=LoanPayment.Status.PAID)
    if on < clock.today():
        entries = entries.filter(date__lte=on)
    total = entries.order_by().annotate(total=Func(F("value"), function="SUM", output_field=BIG)).values("total")
    # PostgreSQL sums bigints as numeric: cast back, so that the days in arrears divide as whole numbers
    return Cast(Coalesce(Subquery(total, output_field=BIG), 0, output_field=BIG), BIG)


_COLUMNS = (
    "id",
    "player_id",
    "player_name",
    "player_discord",
    "start_date",
    "end_date",
    "total_days",
    "value",
    "total_to_pay",
    "daily_payment",
    "paid",
)


def _days_since_start(yesterday_param: str) -> str:
    """Whole days from a loan's start to yesterday (a parameter), in this database's SQL."""
    if connection.vendor == "postgresql":
        return f"(CAST({yesterday_param} AS date) - start_date)"
    return f"CAST(julianday({yesterday_param}) - julianday(start_date) AS INTEGER)"


def _principal() -> str:
    """value × outstanding ÷ total, rounded half up, in numbers a 64-bit product cannot overflow."""
    if connection.vendor == "postgresql":
        return (
            "CAST(div(CAST(value AS numeric) * outstanding * 2 + total_to_pay, CAST(total_to_pay AS numeric) * 2)"
            " AS bigint)"
        )
    # SQLite: whole numbers divide as whole numbers; a product past 64 bits turns real, and the cast floors it
    return "CAST((value * outstanding * 2 + total_to_pay) / (total_to_pay * 2) AS INTEGER)"


def _select(
    on: date, columns: str, tail: str = "", tail_params: tuple = (), source: str = "loans_with_arrears"
) -> tuple[str, list]:
    """`SELECT columns FROM loans_with_arrears tail` over every loan open on `on`: the loans with _COLUMNS and
    due, outstanding, arrears, arrears_days and principal_outstanding (the module's docstring); the SQL and
    its parameters. The loans' terms and Paid sums, and then their figures, are MATERIALIZED common tables:
    each computed once a loan (SQLite would otherwise fold the derived tables into the outer query, and sum
    each loan's entries again for every figure that reads `paid`, and every figure again in each sum)."""
    terms = (
        Loan.objects.filter(lent_and_open_on(on))
        .order_by()
        .annotate(paid=_paid_sum(on), player_name=F("player__name"), player_discord=F("player__discord"))
        .values(*_COLUMNS)
    )
    terms_sql, terms_params = terms.query.sql_with_params()
    days = _days_since_start("%s") + " + 1"
    days_due = f"CASE WHEN {days} < 0 THEN 0 WHEN {days} > total_days THEN total_days ELSE {days} END"
    due = (
        "CASE WHEN end_date <= %s THEN total_to_pay"
        f" WHEN daily_payment * ({days_due}) > total_to_pay THEN total_to_pay ELSE daily_payment * ({days_due}) END"
    )
    per_day = "CASE WHEN daily_payment > 0 THEN daily_payment ELSE 1 END"
    loans = (
        "SELECT figured.*,"
        f" ((arrears + {per_day} - 1) / {per_day}) AS arrears_days,"
        f" {_principal()} AS principal_outstanding"
        " FROM (SELECT dues.*, CASE WHEN due > paid THEN due - paid ELSE 0 END AS arrears FROM ("
        f"SELECT terms.*, {due} AS due,"
        " CASE WHEN total_to_pay > paid THEN total_to_pay - paid ELSE 0 END AS outstanding"
        " FROM terms) dues) figured"
    )
    sql = (
        f"WITH terms AS MATERIALIZED ({terms_sql}), loans_with_arrears AS MATERIALIZED ({loans}),"
        f" ends AS ({_ends_sql()})"
        f" SELECT {columns} FROM {source} {tail}"
    )
    # the placeholders in order: the terms' query, then due's (yesterday: end_date's and days_due's twice 3)
    yesterday = (on - timedelta(days=1)).isoformat()
    return sql, [*terms_params, *[yesterday] * 7, *tail_params]


_ENDS_FIELDS = ("arrears_bucket_1_to", "arrears_bucket_2_to", "arrears_bucket_3_to")


def _ends_sql() -> str:
    """The buckets' last days from Bank Settings, in one row whether the settings' row exists or not (the
    defaults): a common table the bucket conditions read as scalar subqueries, in the same query."""
    table = connection.ops.quote_name(BankSettings._meta.db_table)
    columns = ", ".join(
        f"COALESCE(MAX({name}), {int(default)}) AS e{n}"
        for n, (name, default) in enumerate(zip(_ENDS_FIELDS, rules.ARREARS_BUCKET_ENDS, strict=True), start=1)
    )
    return f"SELECT {columns} FROM {table} WHERE id = 1"


def arrears_ends() -> rules.Ends:
    """The buckets' last days (Bank Settings), without writing the settings' row. 1 query."""
    found = BankSettings.objects.filter(pk=1).values_list(*_ENDS_FIELDS).first()
    return (found[0], found[1], found[2]) if found else rules.ARREARS_BUCKET_ENDS


def _rows(sql: str, params: list) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _as_date(value) -> date:
    return value if isinstance(value, date) else date.fromisoformat(value)  # SQLite answers text


_ARREARS_COLUMNS = (*_COLUMNS, "due", "outstanding", "arrears", "arrears_days", "principal_outstanding")


def _end(n: int) -> str:
    return f"(SELECT e{n} FROM ends)"


# each bucket's condition on a loan's days in arrears, its last days read from Bank Settings (_ends_sql)
_BUCKET_CONDITIONS = {
    "1_3": f"arrears_days >= 1 AND arrears_days <= {_end(1)}",
    "4_7": f"arrears_days > {_end(1)} AND arrears_days <= {_end(2)}",
    "8_30": f"arrears_days > {_end(2)} AND arrears_days <= {_end(3)}",
    "over_30": f"arrears_days > {_end(3)}",
}
_BUCKET_OF_ROW = (
    "CASE"
    + "".join(f" WHEN {_BUCKET_CONDITIONS[key]} THEN '{key}'" for key in rules.ARREARS_BUCKET_KEYS)
    + " ELSE '' END"
)


def _book_columns(*, windowed: bool = False) -> dict[str, str]:
    """loan_book's figures as SQL over loans_with_arrears: aggregates, or the same as window aggregates over
    every open loan (`windowed`: each row of a page carries them)."""
    over = " OVER ()" if windowed else ""

    def total(column: str, condition: str = "1 = 1") -> str:
        return f"COALESCE(SUM(CASE WHEN {condition} THEN {column} ELSE 0 END){over}, 0)"

    figures = {
        "open_loans": f"COUNT(*){over}",
        "outstanding": total("outstanding"),
        "principal_outstanding": total("principal_outstanding"),
        "arrears_loans": total("1", "arrears_days >= 1"),
        "arrears_amount": total("arrears", "arrears_days >= 1"),
        "arrears_outstanding": total("outstanding", "arrears_days >= 1"),
        "end_1": _end(1),
        "end_2": _end(2),
        "end_3": _end(3),
    }
    for key in rules.ARREARS_BUCKET_KEYS:
        condition = _BUCKET_CONDITIONS[key]
        figures[f"b_{key}_count"] = total("1", condition)
        figures[f"b_{key}_amount"] = total("arrears", condition)
        figures[f"b_{key}_outstanding"] = total("outstanding", condition)
    return figures


def loan_book(on: date) -> dict:
    """The loans open on `on`: how many, what they still owe (its principal and interest), and the
    arrears buckets (their last days from Bank Settings) with their count, amount in arrears and
    outstanding, and each one's share of the loans outstanding (portfolio at risk). 1 query."""
    figures = _book_columns()
    names = list(figures)
    select = ", ".join(figures[name] for name in names)
    (values,) = _rows(*_select(on, select))  # the SQL holds no input
    return shaped_book({name: int(value or 0) for name, value in zip(names, values, strict=True)})


def shaped_book(row: dict) -> dict:
    """loan_book's answer from its flat row (the buckets in order, each with its title and share)."""
    outstanding = row["outstanding"]
    ends = (row["end_1"], row["end_2"], row["end_3"])
    buckets = [
        {
            "bucket": key,
            "title": title,
            "least_days": least,
            "most_days": most,
            "count": row[f"b_{key}_count"],
            "amount": row[f"b_{key}_amount"],
            "outstanding": row[f"b_{key}_outstanding"],
            "share": rules.share(row[f"b_{key}_outstanding"], outstanding),
        }
        for key, title, least, most in rules.arrears_buckets(ends)
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


def loans_arrears(on: date, loan_ids: list[int] | None = None) -> dict[int, dict]:
    """Each open loan's figures on `on` (of `loan_ids`, when given): its id -> a dict of _ARREARS_COLUMNS.
    1 query."""
    where = ""
    if loan_ids is not None:
        where = "WHERE id IN (" + ", ".join(str(int(pk)) for pk in loan_ids or [0]) + ")"
    rows = _rows(*_select(on, ", ".join(_ARREARS_COLUMNS), where))
    found = {}
    for row in rows:
        figures = dict(zip(_ARREARS_COLUMNS, row, strict=True))
        figures["start_date"], figures["end_date"] = _as_date(figures["start_date"]), _as_date(figures["end_date"])
        found[figures["id"]] = figures
    return found


def arrears_by_loan(on: date) -> dict[int, tuple[int, int]]:
    """Every loan in arrears on `on`: its id -> (amount in arrears, days in arrears). 1 query."""
    rows = _rows(*_select(on, "id, arrears, arrears_days", "WHERE arrears_days >= 1"))
    return {pk: (int(amount), int(days)) for pk, amount, days in rows}


def loans_at_least_days(on: date, days: int) -> dict[int, tuple[int, int]]:
    """The loans at least `days` in arrears on `on`: their id -> (player's id, days in arrears). 1 query."""
    rows = _rows(*_select(on, "id, player_id, arrears_days", "WHERE arrears_days >= %s", (int(days),)))
    return {pk: (player_id, int(found)) for pk, player_id, found in rows}


# the Arrears list's orders: a column, then the loan's id to break ties
ARREARS_ORDERS = {
    "days": "arrears_days ASC, id ASC",
    "-days": "arrears_days DESC, id ASC",
    "amount": "arrears ASC, id ASC",
    "-amount": "arrears DESC, id ASC",
    "outstanding": "outstanding ASC, id ASC",
    "-outstanding": "outstanding DESC, id ASC",
    "player": "player_name ASC, id ASC",
    "-player": "player_name DESC, id DESC",
    "start_date": "start_date ASC, id ASC",
    "-start_date": "start_date DESC, id DESC",
    "loan": "id ASC",
    "-loan": "id DESC",
}
_PAGE_COLUMNS = tuple(column for column in _ARREARS_COLUMNS if column not in ("end_date", "principal_outstanding"))


def arrears_page(
    *, on: date, order: str = "-days", bucket: str | None = None, offset: int = 0, limit: int = 50
) -> dict:
    """The Arrears list: the loans in arrears on `on`, sorted by the database (ARREARS_ORDERS), a page at
    a time, each with its player and figures. 2 queries: the page and the count."""
    condition = _BUCKET_CONDITIONS[bucket] if bucket else "arrears_days >= 1"
    ordered = f"WHERE {condition} ORDER BY {ARREARS_ORDERS[order]} LIMIT %s OFFSET %s"
    columns = (*_PAGE_COLUMNS, "bucket")
    page = _rows(
        *_select(on, ", ".join(_PAGE_COLUMNS) + f", {_BUCKET_OF_ROW} AS bucket", ordered, (int(limit), int(offset)))
    )
    rows = []
    for values in page:
        row = dict(zip(columns, values, strict=True))
        row["loan_id"] = row.pop("id")
        row["start_date"] = _as_date(row["start_date"])
        rows.append(row)
    ((count,),) = _rows(*_select(on, "COUNT(*)", f"WHERE {condition}"))
    return {"count": count, "rows": rows}


def arrears_page_and_book(
    *, on: date, order: str = "-days", bucket: str | None = None, offset: int = 0, limit: int = 50
) -> dict:
    """The Arrears list's page (arrears_page) with the buckets (loan_book) and the count, in 1 query: the
    page's rows and the book's one row are the two arms of one statement over the same common tables, so
    every loan's figures are computed once (the book's row comes last, by its `part`)."""
    condition = _BUCKET_CONDITIONS[bucket] if bucket else "arrears_days >= 1"
    book_columns = _book_columns()
    page_columns = (*_PAGE_COLUMNS, "bucket")
    nothing = ", ".join(["CAST(NULL AS BIGINT)"] * len(book_columns))  # typed: PostgreSQL reads a bare one as text
    page_arm = (
        f"SELECT * FROM (SELECT 0 AS part, {', '.join(_PAGE_COLUMNS)}, {_BUCKET_OF_ROW} AS bucket, {nothing}"
        f" FROM loans_with_arrears WHERE {condition} ORDER BY {ARREARS_ORDERS[order]} LIMIT %s OFFSET %s) page"
    )
    book_arm = (
        f"SELECT 1, {', '.join(['NULL'] * len(page_columns))}, "
        + ", ".join(f"{sql}" for sql in book_columns.values())
        + " FROM loans_with_arrears"
    )
    # the outer order: the page as its order says, then the book's row
    ordered = "ORDER BY part, " + ARREARS_ORDERS[order]
    sql, params = _select(on, "*", ordered, (), f"({page_arm} UNION ALL {book_arm}) both_parts")
    # the page's LIMIT and OFFSET sit inside the source, before the outer query's parameters (none)
    found = _rows(sql, [*params, int(limit), int(offset)])
    *page, last = found
    book = shaped_book(
        {name: int(value or 0) for name, value in zip(book_columns, last[1 + len(page_columns) :], strict=True)}
    )
    rows = []
    for values in page:
        row = dict(zip(page_columns, values[1 : 1 + len(page_columns)], strict=True))
        row["loan_id"] = row.pop("id")
        row["start_date"] = _as_date(row["start_date"])
        rows.append(row)
    counted = (
        next((b["count"] for b in book["buckets"] if b["bucket"] == bucket), 0) if bucket else book["arrears_loans"]
    )
    return {"count": counted, "rows": rows, "book": book}
