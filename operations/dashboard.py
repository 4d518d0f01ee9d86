"""The admin's bank-wide reads: Overview stats, the Report table, the Bad Payers list.

Every figure is computed by the database (counts and sums), with a fixed number of queries whatever
the number of players, loans, savings or day and week entries (docs/rules.md, "Admin lists").
Bank-wide: this module sits on top of the apps and may read any of them.
"""

from django.db.models import (
    BigIntegerField,
    CharField,
    Count,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce

from accounts.models import Player
from bank import clock
from exchange.models import PearlExchangeRequest
from lending import rules as lending_rules
from lending.loans.arrears import loan_book
from lending.loans.selectors import pending_loan_rows, pending_loans_open, solo_dividends_amount
from lending.models import Loan, PendingLoan, Savings, WithdrawalRequest
from operations.backup import backup_status

# how many of each kind the Overview lists under its banners
SHORT_LIST = 5

ACTIVE_LOAN = Q(status=Loan.Status.ACTIVE)
ACTIVE_SAVINGS = Q(status=Savings.Status.ACTIVE)


def _sum(expression, **kwargs):
    return Coalesce(Sum(expression, **kwargs), 0, output_field=BigIntegerField())


def player_stats() -> dict:
    """1 query."""
    return Player.objects.aggregate(
        total_players=Count("pk"),
        bad_payers=Count("pk", filter=Q(bad_payer=True)),
        blocked_accounts=Count("pk", filter=Q(blocked_at__isnull=False)),
        solo_access_players=Count("pk", filter=Q(has_solo_access=True)),
        new_clients=Count("pk", filter=Q(client_type=Player.ClientType.NEW)),
        old_clients=Count("pk", filter=Q(client_type=Player.ClientType.OLD)),
    )


def loan_stats() -> dict:
    """Active loans, what they lend, what is still owed on them, their arrears, and all loans ever. 2 queries.

    Outstanding is each Active loan's total to pay less its Paid entries, never below 0 (docs/rules.md,
    Loans), summed with the arrears buckets in one read (lending.loans.arrears.loan_book, docs/rules.md,
    Arrears): `arrears` holds them.
    """
    bad = ACTIVE_LOAN & Q(player__bad_payer=True)
    figures = Loan.objects.aggregate(
        active_loans=Count("pk", filter=ACTIVE_LOAN),
        total_loan_value=_sum("value", filter=ACTIVE_LOAN),
        active_total_to_pay=_sum("total_to_pay", filter=ACTIVE_LOAN),
        total_loans=Count("pk"),
        total_lent=_sum("value"),
        paid_off_loans=Count("pk", filter=Q(status=Loan.Status.PAID_OFF)),
        bad_payer_loans=Count("pk", filter=bad),
        bad_payer_loans_value=_sum("value", filter=bad),
    )
    # an aggregate may not share a field's name: renamed here
    figures["total_to_pay"] = figures.pop("active_total_to_pay")
    # the Active loans' outstanding and their arrears buckets, from the one computation of arrears
    book = loan_book(clock.today())
    figures["total_outstanding"] = book["outstanding"]
    figures["arrears"] = book
    return figures


def savings_stats() -> dict:
    """1 query."""
    bad = ACTIVE_SAVINGS & Q(player__bad_payer=True)
    return Savings.objects.aggregate(
        active_savings=Count("pk", filter=ACTIVE_SAVINGS),
        total_savings_value=_sum("invested_value", filter=ACTIVE_SAVINGS),
        total_invested=_sum("principal", filter=ACTIVE_SAVINGS),
        bad_payer_savings=Count("pk", filter=bad),
        bad_payer_savings_value=_sum("invested_value", filter=bad),
    )


def pending_counts() -> dict:
    """The requests waiting for an admin, by kind. 3 queries."""
    return {
        "pending_loans": PendingLoan.objects.filter(status=PendingLoan.Status.PENDING).count(),
        "pending_withdrawals": WithdrawalRequest.objects.filter(status=WithdrawalRequest.Status.PENDING).count(),
        "pending_exchanges": PearlExchangeRequest.objects.filter(status=PearlExchangeRequest.Status.PENDING).count(),
    }


def dashboard_stats() -> dict:
    """The Overview's `stats`. 8 queries."""
    return (
        player_stats() | loan_stats() | savings_stats() | pending_counts() | {"solo_dividends": solo_dividends_amount()}
    )


def _with_holdings(players: QuerySet[Player]) -> QuerySet[Player]:
    """Each player with the count and value of their Active loans and savings (4 correlated subqueries)."""

    def figure(model, aggregate, active: Q):
        rows = model.objects.filter(active, player=OuterRef("pk")).order_by().values("player")
        return Coalesce(
            Subquery(rows.annotate(x=aggregate).values("x"), output_field=BigIntegerField()),
            0,
            output_field=BigIntegerField(),
        )

    return players.annotate(
        active_loans_count=figure(Loan, Count("pk"), ACTIVE_LOAN),
        active_loans_value=figure(Loan, Sum("value"), ACTIVE_LOAN),
        active_savings_count=figure(Savings, Count("pk"), ACTIVE_SAVINGS),
        active_savings_value=figure(Savings, Sum("invested_value"), ACTIVE_SAVINGS),
    )


def bad_payers_page(*, offset: int = 0, limit: int = 50) -> dict:
    """The bad payers by name, a page at a time, with what they hold. 2 queries."""
    bad_payers = Player.objects.filter(bad_payer=True)
    page = _with_holdings(bad_payers.select_related("added_by", "user")).order_by("name", "id")
    return {"count": bad_payers.count(), "bad_payers": list(page[offset : offset + limit])}


def dashboard(*, short_list: int = SHORT_LIST) -> dict:
    """GET /api/admin/dashboard-stats: the stats, the short lists under the Overview's banners and the
    daily backups' state. 13 queries whatever the size of the bank."""
    stats = dashboard_stats()
    return {
        "stats": stats,
        "solo_dividends": stats["solo_dividends"],
        "pending_loans": pending_loan_rows(pending_loans_open()[:short_list]),
        "withdrawal_requests": list(
            WithdrawalRequest.objects.filter(status=WithdrawalRequest.Status.PENDING)
            .select_related("player", "decided_by")
            .order_by("created_at", "id")[:short_list]
        ),
        "pearl_exchange_requests": list(
            PearlExchangeRequest.objects.filter(status=PearlExchangeRequest.Status.PENDING)
            .select_related("player", "decided_by")
            .order_by("created_at", "id")[:short_list]
        ),
        "bad_payers": list(
            _with_holdings(Player.objects.filter(bad_payer=True).select_related("added_by", "user")).order_by(
                "name", "id"
            )[:short_list]
        ),
        "backup": backup_status(),
        "arrears": stats["arrears"],
    }


def _report_parts(product_type: str | None, status: str | None) -> dict:
    """The loans and savings the table lists, by kind."""
    parts: dict[str, QuerySet[Loan] | QuerySet[Savings]] = {}
    if product_type in (None, "loan"):
        parts["Loan"] = Loan.objects.order_by()
    if product_type in (None, "saving"):
        parts["Saving"] = Savings.objects.order_by()
    if status:
        parts = {kind: rows.filter(status=status) for kind, rows in parts.items()}
    return parts


def report(*, product_type: str | None = None, status: str | None = None, offset: int = 0, limit: int = 50) -> dict:
    """The Report: counters and one table of every loan and savings account, newest first, a page
    at a time. 9 queries (8 with one product type): the page's keys (both tables in one sorted UNION of ids and times,
    without joins), the page's loans and its savings with their players, the two counts, and the
    counters (players, loans, savings, dividends)."""
    parts = _report_parts(product_type, status)
    keys = [
        rows.annotate(kind=Value(kind, output_field=CharField())).values_list("kind", "id", "created_at")
        for kind, rows in parts.items()
    ]
    page_keys = keys[0] if len(keys) == 1 else keys[0].union(keys[1], all=True)
    page = list(page_keys.order_by("-created_at", "-id")[offset : offset + limit])
    wanted = {kind: [pk for row_kind, pk, _ in page if row_kind == kind] for kind in parts}
    found: dict[tuple[str, int], dict] = {}
    for kind, model, amount, days in (
        ("Loan", Loan, "value", "total_days"),
        ("Saving", Savings, "invested_value", None),
    ):
        if kind not in parts:
            continue
        # asked even when the page holds none of this kind (id 0 is no row): a fixed number of queries
        for row in model.objects.filter(pk__in=wanted[kind] or [0]).values(
            "id",
            "player_id",
            "interest_rate",
            "start_date",
            "status",
            "created_at",
            amount,
            *([days] if days else []),
            player_name=F("player__name"),
        ):
            total_days = row[days] if days else None
            found[(kind, row["id"])] = {
                "kind": kind,
                **{
                    key: row[key] for key in ("id", "player_id", "player_name", "interest_rate", "start_date", "status")
                },
                "value": row[amount],
                # a loan's whole-term rate is shown with its days and its daily equivalent
                "total_days": total_days,
                "daily_rate": lending_rules.daily_rate(rate=row["interest_rate"], total_days=total_days)
                if total_days
                else None,
                "created_at": row["created_at"],
            }
    rows = [found[(kind, pk)] for kind, pk, _ in page if (kind, pk) in found]
    count = sum(part.count() for part in parts.values())
    players = Player.objects.aggregate(bad_payers=Count("pk", filter=Q(bad_payer=True)))
    products = Loan.objects.aggregate(
        active_loans=Count("pk", filter=ACTIVE_LOAN), total_loan_value=_sum("value", filter=ACTIVE_LOAN)
    ) | Savings.objects.aggregate(
        active_savings=Count("pk", filter=ACTIVE_SAVINGS),
        total_savings_value=_sum("invested_value", filter=ACTIVE_SAVINGS),
    )
    counters = players | products | {"solo_dividends": solo_dividends_amount()}
    return {"count": count, "counters": counters, "rows": rows}
