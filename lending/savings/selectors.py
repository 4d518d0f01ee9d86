"""Reads of savings accounts, their weeks, client limits and withdrawals. Every list runs a fixed
number of queries, whatever its size (docs/rules.md, Savings, Withdrawals)."""

from __future__ import annotations

import operator
from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal
from functools import reduce
from typing import TYPE_CHECKING, Any, TypedDict

from django.db import connection
from django.db.models import Case, Count, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value, When
from django.db.models.functions import Coalesce

from accounts.models import Player
from bank import clock
from bank.errors import BankError
from bank.sql import CompiledQuery, model_fields
from bank.texts import day_text
from credit import rules as credit_rules
from lending import rules
from lending.savings.models import Savings, SavingsWeek, WithdrawalRequest

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

# an account that is not there, or not the caller's: one answer (docs/rules.md, "Identity and roles")
NOT_FOUND = "Savings account not found"


_WEEK_ROW_COLUMNS = (
    "savings_id",
    "week",
    "due_date",
    "status",
    "interest",
    "interest_compounded",
    "auto_processed",
    "reverted_from",
)
_SAVINGS_ROW_FIELDS = model_fields(Savings)
# A player's own accounts and their weeks (bank data, a player's products): compiled once (bank/sql.py)
_PLAYER_SAVINGS = CompiledQuery(
    lambda player_id: Savings.objects.filter(player_id=player_id).order_by("-id").values_list(*_SAVINGS_ROW_FIELDS),
    player_id=int,
)
_PLAYER_WEEKS = CompiledQuery(
    lambda player_id: (
        SavingsWeek.objects.filter(savings__player_id=player_id)
        .order_by("savings_id", "week")
        .values_list(*_WEEK_ROW_COLUMNS)
    ),
    player_id=int,
)


def _week_out(row: tuple) -> dict:
    """A row of _WEEK_ROW_COLUMNS as the API answers a week."""
    _savings_id, week, due, status, interest, compounded, auto, reverted = row
    return {
        "week": week,
        "date": due,
        "status": status,
        "interest": interest,
        "interest_compounded": compounded,
        "auto_processed": auto,
        "reverted_from": reverted or None,
    }


def _weeks_by_account(savings_ids: Iterable[int], rows: Iterable[tuple]) -> dict[int, list[dict]]:
    """Rows of _WEEK_ROW_COLUMNS, in (account, week) order, as each account's weeks (rows of other
    accounts, say one opened between two reads, are left out)."""
    weeks: dict[int, list[dict]] = {pk: [] for pk in savings_ids}
    for row in rows:
        if row[0] in weeks:
            weeks[row[0]].append(_week_out(row))
    return weeks


def _latest_weeks(savings_ids: list[int]) -> dict[int, dict]:
    """Each account's latest recorded week, the one an admin may still change: one query (asked even
    for an empty page, id 0 being no row, so a list runs a fixed number of queries)."""
    rows = SavingsWeek.objects.filter(savings_id__in=savings_ids or [0], week=F("savings__next_week") - 1).values_list(
        *_WEEK_ROW_COLUMNS
    )
    return {row[0]: _week_out(row) for row in rows}


def _week_rows(savings_ids: list[int]) -> dict[int, list[dict]]:
    """Each account's weeks in order, as plain rows: one query for all of them (none without ids)."""
    if not savings_ids:
        return {}
    rows = (
        SavingsWeek.objects.filter(savings_id__in=savings_ids)
        .order_by("savings_id", "week")
        .values_list(*_WEEK_ROW_COLUMNS)
    )
    return _weeks_by_account(savings_ids, rows)


def savings_figures(
    savings: Savings, *, today: date, weeks: list[dict] | None, latest_week: dict | None = None
) -> dict:
    """An account's fields and figures; with `weeks`, its payments history too. `latest_week` is the
    latest recorded week (from `weeks` when given), which Change to Paid / Not Paid acts on."""
    active = savings.status == Savings.Status.ACTIVE
    listing, text = rules.savings_listing_status(next_due=savings.next_due_date, today=today, week=savings.next_week)
    figures = {
        "id": savings.pk,
        "player_id": savings.player_id,
        "player_name": savings.player.name,
        "principal": savings.principal,
        "invested_value": savings.invested_value,
        "interest_rate": savings.interest_rate,
        "weekly_rate": savings.interest_rate,
        "weekly_payment": rules.week_interest(savings.invested_value, savings.interest_rate) if active else 0,
        "start_date": savings.start_date,
        "status": savings.status,
        "paid_off": not active,
        "next_week": savings.next_week,
        "next_payment_date": savings.next_due_date if active else None,
        "latest_week": (weeks[-1] if weeks else None) if weeks is not None else latest_week,
        "listing_status": listing if active else None,
        "status_text": text if active else f"Closed ({savings.status})",
        "admin_notes": savings.admin_notes,
        "created_at": savings.created_at,
    }
    if weeks is not None:
        paid = [week for week in weeks if week["status"] == SavingsWeek.Status.PAID]
        figures |= {
            "payments_count": len(weeks),
            "paid_weeks": len(paid),
            "not_paid_weeks": len(weeks) - len(paid),
            "total_paid_out": sum(week["interest"] for week in paid),
            "total_compounded": sum(week["interest_compounded"] for week in weeks),
            "payments_history": weeks,
        }
    return figures


def savings_list_for_player(*, player: Player, today: date | None = None) -> list[dict]:
    """The player's accounts, newest first, with their figures and weeks. 2 queries (1 without accounts)."""
    today = today or clock.today()
    accounts = _PLAYER_SAVINGS.instances(Savings, _SAVINGS_ROW_FIELDS, player_id=player.pk)
    for account in accounts:
        Savings.player.field.set_cached_value(account, player)  # the player's own: no join
    rows = _PLAYER_WEEKS.rows(player_id=player.pk) if accounts else ()
    weeks = _weeks_by_account([account.pk for account in accounts], rows)
    return [savings_figures(account, today=today, weeks=weeks[account.pk]) for account in accounts]


def savings_detail(*, savings_id: int, today: date | None = None) -> dict:
    """One account with its weeks (the History button). 2 queries."""
    savings = Savings.objects.select_related("player").filter(pk=savings_id).first()
    if savings is None:
        raise BankError(NOT_FOUND, code="not_found", status=404)
    weeks = _week_rows([savings.pk])[savings.pk]
    return savings_figures(savings, today=today or clock.today(), weeks=weeks)


def _checked(today: date, listing_status: str | None, search: str) -> QuerySet[Savings]:
    accounts = Savings.objects.filter(status=Savings.Status.ACTIVE)
    if listing_status == "overdue":
        accounts = accounts.filter(next_due_date__lt=today)
    elif listing_status == "due_today":
        accounts = accounts.filter(next_due_date=today)
    elif listing_status == "upcoming":
        accounts = accounts.filter(next_due_date__gt=today)
    if search:
        matches = Q(player__name__icontains=search) | Q(player__discord__icontains=search)
        if search.isascii() and search.isdigit() and len(search) <= 18:
            matches |= Q(pk=int(search)) | Q(player_id=int(search))
        accounts = accounts.filter(matches)
    return accounts


def savings_counters(*, today: date) -> dict:
    """How many active accounts are overdue, due today and upcoming, counted by the database. 1 query."""
    active = Q(status=Savings.Status.ACTIVE)
    return Savings.objects.aggregate(
        overdue=Count("pk", filter=active & Q(next_due_date__lt=today)),
        due_today=Count("pk", filter=active & Q(next_due_date=today)),
        upcoming=Count("pk", filter=active & Q(next_due_date__gt=today)),
        total_value=Coalesce(Sum("invested_value", filter=active), 0),
    )


def savings_check(
    *, today: date | None = None, listing_status: str | None = None, search: str = "", offset: int = 0, limit: int = 50
) -> dict:
    """Admin Check Savings: the active accounts most overdue first, a page at a time, with the
    counters of the whole bank. 4 queries (the page, its latest recorded weeks, its count, the counters)."""
    today = today or clock.today()
    accounts = _checked(today, listing_status, search)
    page = list(accounts.select_related("player").order_by("next_due_date", "id")[offset : offset + limit])
    latest = _latest_weeks([savings.pk for savings in page])
    return {
        "count": accounts.count(),
        "counters": savings_counters(today=today),
        "savings": [
            savings_figures(savings, today=today, weeks=None, latest_week=latest.get(savings.pk)) for savings in page
        ],
    }


def savings_total_for_player(*, player: Player, today: date | None = None) -> dict:
    """GET /api/players/{id}/total-savings: what the player may withdraw, and when. 1 query."""
    first, last = rules.withdrawal_date_window(today or clock.today())
    accounts = list(
        Savings.objects.filter(player=player, status=Savings.Status.ACTIVE)
        .annotate(weeks_recorded=Count("weeks"))
        .order_by("id")
    )
    return {
        "total_available": sum(savings.invested_value for savings in accounts),
        "savings_count": len(accounts),
        "withdrawal_date_min": first,
        "withdrawal_date_max": last,
        "savings_breakdown": [
            {
                "savings_id": savings.pk,
                "amount": savings.invested_value,
                "interest_rate": savings.interest_rate,
                "payments_count": savings.weeks_recorded,
                "start_date": savings.start_date,
            }
            for savings in accounts
        ],
    }


def withdrawal_request_refusal(*, player: Player, amount: int, withdrawal_date: date) -> BankError | None:
    """Why a withdrawal request of this amount on this day would be refused now, or None: the one check
    behind the request (which raises it) and the Discord command's preview (which shows it). 1 query."""
    first, last = rules.withdrawal_date_window(clock.today())
    if not first <= withdrawal_date <= last:
        message = f"The withdrawal date must be between {day_text(first)} and {day_text(last)}"
        return BankError(message, fields={"withdrawal_date": [message]})
    available = sum(
        Savings.objects.filter(player=player, status=Savings.Status.ACTIVE).values_list("invested_value", flat=True)
    )
    if amount > available:
        message = f"You can withdraw at most €{available:,}, the total of your active savings"
        return BankError(message, code="over_available", fields={"amount": [message]})
    return None


def _projection_out(accounts: list[tuple[int, Decimal]], *, cap: int) -> dict:
    """What these accounts earn over the next weeks, compounding up to `cap` (the client limit they may
    fill) and paid out beyond it, as the bank records weeks."""
    chart = rules.project(accounts, rules.CHART_WEEKS, cap=cap)
    longest = rules.project(accounts, max(rules.PROJECTION_WEEKS), cap=cap)
    start = sum(balance for balance, _ in accounts)
    return {
        "current_balance": start,
        "current_weekly_earnings": sum(rules.week_interest(balance, rate) for balance, rate in accounts),
        "weekly_chart": [{"week": row.week, "earnings": row.earnings, "balance": row.balance} for row in chart],
        "projections": [
            {
                "weeks": weeks,
                "final_amount": longest[weeks - 1].balance if accounts else 0,
                "total_earnings": sum(row.earnings for row in longest[:weeks]) if accounts else 0,
            }
            for weeks in rules.PROJECTION_WEEKS
        ],
    }


def savings_quote(*, player: Player, invested_value: int | None) -> dict:
    """What the savings screens show, priced by the rules the bank records weeks with.

    Without a value: the player's own active accounts, compounded week by week (My Savings). With a
    value: a new account for this player at their rate, and whether the client limits allow it
    (Add Product). 1 query.
    """
    active = list(
        Savings.objects.filter(player=player, status=Savings.Status.ACTIVE).values_list(
            "invested_value", "interest_rate"
        )
    )
    limit = rules.CLIENT_LIMITS[player.client_type]
    active_total = sum(balance for balance, _ in active)
    rate = rules.savings_rate(score=player.credit_score)
    answer = {
        "player_id": player.pk,
        "invested_value": invested_value,
        "interest_rate": rate,
        "tier": credit_rules.tier_for(player.credit_score).name,
        "weekly_payment": rules.week_interest(invested_value, rate) if invested_value else None,
        "client_type": player.client_type,
        "max_accounts": limit.max_accounts,
        "max_total": limit.max_total,
        "active_count": len(active),
        "active_total": active_total,
        "remaining": max(0, limit.max_total - active_total),
    }
    if invested_value:
        refusal = rules.client_limit_refusal(
            limit=limit, active_count=len(active), active_total=active_total, new_accounts=1, added_value=invested_value
        )
        if player.bad_payer:
            refusal = rules.BAD_PAYER_PRODUCTS
        answer |= {"allowed": refusal is None, "reason": refusal or ""}
        # the new account fills what the limit leaves beside the player's other accounts
        room = max(invested_value, limit.max_total - active_total)
        answer |= _projection_out([(invested_value, rate)], cap=room)
    else:
        answer |= {"allowed": not player.bad_payer, "reason": rules.BAD_PAYER_PRODUCTS if player.bad_payer else ""}
        answer |= _projection_out(active, cap=max(limit.max_total, active_total))
    return answer


def client_limit_refusal(*, player: Player, new_accounts: int, added_value: int) -> str | None:
    """Why opening `new_accounts` accounts or adding `added_value` to the player's savings would break
    their client limits now, or None: a read for a request filed now (the write that carries it
    out checks again under its locks, lending.savings.services). 1 query."""
    active = list(
        Savings.objects.filter(player=player, status=Savings.Status.ACTIVE).values_list("invested_value", flat=True)
    )
    return rules.client_limit_refusal(
        limit=rules.CLIENT_LIMITS[player.client_type],
        active_count=len(active),
        active_total=sum(active),
        new_accounts=new_accounts,
        added_value=added_value,
    )


class _PlayerId(TypedDict):
    """A row of _active_savings_of_player."""

    player_id: int


def _active_savings_of_player() -> QuerySet[Savings, _PlayerId]:
    return Savings.objects.filter(player_id=OuterRef("pk"), status=Savings.Status.ACTIVE).order_by().values("player_id")


def _over_limit() -> Q:
    """The database's reading of rules.client_over_limit, on the annotations of _clients()."""
    return reduce(
        operator.or_,
        (
            Q(client_type=limit.client_type)
            & (Q(savings_count__gt=limit.max_accounts) | Q(total_savings_value__gt=limit.max_total))
            for limit in rules.CLIENT_LIMITS.values()
        ),
    )


class _ClientFigures(TypedDict):
    """_clients' annotations: the player's active savings."""

    savings_count: int
    total_savings_value: int


def _clients(
    *, client_type: str | None, status: str | None, search: str
) -> QuerySet[WithAnnotations[Player, _ClientFigures]]:
    """Players with their active savings' count and total (a correlated subquery each, read through
    the (player, status) index), filtered as Savings Management asks."""
    active = _active_savings_of_player()
    players = Player.objects.annotate(
        savings_count=Coalesce(Subquery(active.annotate(n=Count("pk")).values("n")), 0),
        total_savings_value=Coalesce(Subquery(active.annotate(total=Sum("invested_value")).values("total")), 0),
    )
    if client_type:
        players = players.filter(client_type=client_type)
    if status == "bad_payer":
        players = players.filter(bad_payer=True)
    elif status == "over_limit":
        players = players.filter(Q(bad_payer=False) & _over_limit())
    elif status == "within_limit":
        players = players.filter(Q(bad_payer=False) & ~_over_limit())
    if search:
        matches = Q(name__icontains=search) | Q(discord__icontains=search)
        if search.isascii() and search.isdigit() and len(search) <= 18:
            matches |= Q(pk=int(search))
        players = players.filter(matches)
    return players


def client_summary() -> dict:
    """How many new and old clients the bank has and what their active savings hold, counted by the
    database. 2 queries (the players by type, the active balances by their player's type)."""
    counts = Player.objects.aggregate(
        new_clients_count=Count("pk", filter=Q(client_type="new")),
        old_clients_count=Count("pk", filter=Q(client_type="old")),
    )
    active = Q(status=Savings.Status.ACTIVE)
    totals = Savings.objects.aggregate(
        new_clients_total_value=Coalesce(Sum("invested_value", filter=active & Q(player__client_type="new")), 0),
        old_clients_total_value=Coalesce(Sum("invested_value", filter=active & Q(player__client_type="old")), 0),
    )
    return {
        "new_clients_count": counts["new_clients_count"],
        "new_clients_total_value": totals["new_clients_total_value"],
        "old_clients_count": counts["old_clients_count"],
        "old_clients_total_value": totals["old_clients_total_value"],
    }


def client_row(player: Mapping[str, Any]) -> dict:
    """A player's row of Savings Management, from their id, names, type, flag and active savings."""
    limit = rules.CLIENT_LIMITS[player["client_type"]]
    return {
        "player_id": player["id"],
        "name": player["name"],
        "discord": player["discord"],
        "client_type": player["client_type"],
        "bad_payer": player["bad_payer"],
        "savings_count": player["savings_count"],
        "max_accounts": limit.max_accounts,
        "total_savings_value": player["total_savings_value"],
        "limit": limit.max_total,
        "percent_of_limit": round(player["total_savings_value"] * 100 / limit.max_total, 1),
        "status": rules.client_status(
            limit=limit,
            bad_payer=player["bad_payer"],
            active_count=player["savings_count"],
            active_total=player["total_savings_value"],
        ),
    }


def client_overview(
    *,
    client_type: str | None = None,
    status: str | None = None,
    search: str = "",
    offset: int = 0,
    limit: int = 50,
) -> dict:
    """Savings Management: players by name with their active savings against their client type's
    limits, a page at a time, filtered by client type, status and a search term; with the count of
    the filtered list and the summary of the whole bank. 4 queries (the page, its count, the summary's 2)."""
    players = _clients(client_type=client_type, status=status, search=search)
    page = players.order_by("name", "id").values(
        "id", "name", "discord", "client_type", "bad_payer", "savings_count", "total_savings_value"
    )[offset : offset + limit]
    return {
        "count": players.count(),
        "summary": client_summary(),
        "limits": [
            {"client_type": limit.client_type, "max_accounts": limit.max_accounts, "max_total": limit.max_total}
            for limit in rules.CLIENT_LIMITS.values()
        ],
        "clients": [client_row(player) for player in page],
    }


def _withdrawals() -> QuerySet[WithdrawalRequest]:
    return WithdrawalRequest.objects.select_related("player", "decided_by")


def withdrawal_history_for_player(*, player: Player) -> QuerySet[WithdrawalRequest]:
    """The player's own withdrawal requests, newest first. 1 query."""
    return _withdrawals().filter(player=player).order_by("-created_at", "-id")


def withdrawal_requests_admin(*, status: str | None = None, offset: int = 0, limit: int = 50) -> dict:
    """Every withdrawal request, pending first then newest first, a page at a time, with the pending
    count for the tab's badge. 3 queries."""
    requests = _withdrawals()
    if status:
        requests = requests.filter(status=status)
    decided_last = Case(
        When(status=WithdrawalRequest.Status.PENDING, then=Value(0)), default=Value(1), output_field=IntegerField()
    )
    page = list(requests.order_by(decided_last, "-created_at", "-id")[offset : offset + limit])
    return {
        "count": requests.count(),
        "pending_count": WithdrawalRequest.objects.filter(status=WithdrawalRequest.Status.PENDING).count(),
        "withdrawal_requests": page,
    }


def savings_counts_for_credit(player_ids: Iterable[int] | None) -> dict[int, dict[str, int]]:
    """The credit migration's savings figures per player, in 2 aggregate queries.

    {player_id: {"savings_opened": n, "savings_weeks_paid": n}}; None means all players.
    """
    accounts = Savings.objects.all()
    weeks = SavingsWeek.objects.filter(status=SavingsWeek.Status.PAID)
    if player_ids is not None:
        ids = list(player_ids)
        accounts = accounts.filter(player_id__in=ids)
        weeks = weeks.filter(savings__player_id__in=ids)
    counts: dict[int, dict[str, int]] = defaultdict(lambda: {"savings_opened": 0, "savings_weeks_paid": 0})
    for row in accounts.values("player_id").annotate(opened=Count("id")).order_by():
        counts[row["player_id"]]["savings_opened"] = row["opened"]
    for paid_weeks in weeks.values("savings__player_id").annotate(paid=Count("id")).order_by():
        counts[paid_weeks["savings__player_id"]]["savings_weeks_paid"] = paid_weeks["paid"]
    return dict(counts)


def savings_counts_sql(players: tuple[str, list] | None) -> tuple[str, list, tuple[str, ...]]:
    """The same figures for the database to score players in one pass (credit.migration.summary):
    SQL answering one row per player with savings (`player_id, savings_opened, savings_weeks_paid`),
    its parameters and its count columns; `players` as in lending.selectors.loan_counts_sql."""
    quote = connection.ops.quote_name
    savings, week = quote(Savings._meta.db_table), quote(SavingsWeek._meta.db_table)
    player_id, savings_id, status = quote("player_id"), quote("savings_id"), quote("status")
    inner_filter = outer_filter = ""
    only_params: list = []
    if players is not None:
        inner_filter = f" AND {savings_id} IN (SELECT {quote('id')} FROM {savings} WHERE {player_id} IN ({players[0]}))"
        outer_filter = f" WHERE s.{player_id} IN ({players[0]})"
        only_params = list(players[1])
    sql = (
        f"SELECT s.{player_id} AS player_id, COUNT(*) AS savings_opened, "
        f"COALESCE(SUM(w.n), 0) AS savings_weeks_paid FROM {savings} s LEFT JOIN ("
        f"SELECT {savings_id} AS savings_id, COUNT(*) AS n FROM {week} WHERE {status} = %s{inner_filter} "
        f"GROUP BY {savings_id}) w ON w.savings_id = s.{quote('id')}{outer_filter} GROUP BY s.{player_id}"
    )
    return sql, [SavingsWeek.Status.PAID.value, *only_params, *only_params], ("savings_opened", "savings_weeks_paid")
