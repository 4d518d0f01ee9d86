"""The migration calculation: a player's score from their banking records.

Higher apps (lending) keep the records; they fill this hook in their AppConfig.ready() with a
source that answers each player's record counts in two forms:
- `counts(player_ids)`: for many players at once, in a fixed number of queries (Execute):
      {player_id: {"savings_opened": n, "loans_taken": n, "loans_completed": n,
                   "loan_days_paid": n, "savings_weeks_paid": n}}
- `grouped(players)`: the same counts as SQL answering one row per player (`player_id` and count
  columns named as above), for all players or those `players` selects (SQL selecting ids, with its
  parameters), so that the database counts and scores every player in one pass (the preview).
The point rules are written once (`_points`) and read both by Python, on counts, and by the
database, as SQL built from the same rules; `credit/tests/test_migration_sql.py` checks
both give the same scores. The imports never go up: credit does not know lending.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ImproperlyConfigured
from django.db import connections

from accounts.models import Player

from . import rules

Counts = dict[int, dict[str, int]]
CountsSource = Callable[[Iterable[int] | None], Counts]
# (SQL selecting player ids and its parameters, or None for all) -> (SQL, parameters, count columns)
GroupedSource = Callable[[tuple[str, list] | None], tuple[str, list, tuple[str, ...]]]

COUNT_NAMES = ("savings_opened", "loans_taken", "loans_completed", "loan_days_paid", "savings_weeks_paid")


@dataclass(frozen=True)
class Source:
    counts: CountsSource
    grouped: GroupedSource | None


_sources: list[Source] = []


def register_source(counts: CountsSource, *, grouped: GroupedSource | None = None) -> None:
    """Add a source of record counts (once: registering it again changes nothing)."""
    if all(source.counts is not counts for source in _sources):
        _sources.append(Source(counts, grouped))


# Any: Python ints or SQL expressions (_Sql), which add and multiply alike
def _points(count: Callable[[str], Any], least: Callable[[Any, int], Any]) -> dict[str, Any]:
    """The point rules over a player's counts, written once for Python numbers and for SQL expressions:
    `count(name)` answers a count, `least(a, b)` the smaller of two."""
    opened = count("savings_opened")
    # +10 for the first savings account and +5 for each further one: (10 - 5) x min(opened, 1) + 5 x opened
    savings = (rules.POINTS_FIRST_SAVINGS - rules.POINTS_MORE_SAVINGS) * least(
        opened, 1
    ) + rules.POINTS_MORE_SAVINGS * opened
    loans = rules.POINTS_LOAN_TAKEN * count("loans_taken") + rules.POINTS_LOAN_COMPLETED * count("loans_completed")
    payments = rules.POINTS_PAYMENT_MADE * count("loan_days_paid") + rules.POINTS_WEEKLY_PAYMENT * count(
        "savings_weeks_paid"
    )
    return {"savings": savings, "loans": loans, "payments": payments}


def breakdown(counts: dict[str, int]) -> dict[str, int]:
    return _points(lambda name: counts.get(name, 0), min)


def counts_for(player_ids: Iterable[int] | None = None) -> Counts:
    """Every source's counts added up, per player (all players when None): one call per source."""
    ids = list(player_ids) if player_ids is not None else None
    counts: dict[int, dict[str, int]] = defaultdict(dict)
    for source in _sources:
        for player_id, player_counts in source.counts(ids).items():
            for name, value in player_counts.items():
                counts[player_id][name] = counts[player_id].get(name, 0) + value
    return counts


def score(counts: dict[str, int]) -> dict:
    """{"calculated_score", "score_breakdown"} for one player's counts, capped at 300."""
    parts = breakdown(counts)
    return {"calculated_score": min(rules.MAX_SCORE, sum(parts.values())), "score_breakdown": parts}


def calculate(player_ids: Iterable[int] | None = None) -> dict[int, dict]:
    """{player_id: {"calculated_score", "score_breakdown"}} for these players (all when None)."""
    ids = list(player_ids) if player_ids is not None else None
    counts = counts_for(ids)
    wanted = ids if ids is not None else Player.objects.values_list("pk", flat=True)
    return {player_id: score(counts.get(player_id, {})) for player_id in wanted}


# --- the same, computed by the database -------------------------------------------------------


class _Sql:
    """SQL arithmetic that _points can run on: `5 * count + 10` builds the expression's text."""

    def __init__(self, text: str):
        self.text = text

    def __add__(self, other) -> "_Sql":
        return _Sql(f"({self.text} + {_sql_text(other)})")

    def __radd__(self, other) -> "_Sql":
        return _Sql(f"({_sql_text(other)} + {self.text})")

    def __mul__(self, other) -> "_Sql":
        return _Sql(f"({self.text} * {_sql_text(other)})")

    def __rmul__(self, other) -> "_Sql":
        return _Sql(f"({_sql_text(other)} * {self.text})")


def _sql_text(value) -> str:
    # the rules' constants are whole numbers, written into the SQL as literals
    return value.text if isinstance(value, _Sql) else str(int(value))


def _scored_sql(players: tuple[str, list] | None, using: str) -> tuple[str, list]:
    """SELECT of each player (all, or those `players` selects) with their counts (`count_<name>`)
    and `calculated_score`, joined to each source's per-player counts: the rules as SQL (_points)."""
    connection = connections[using]
    quote = connection.ops.quote_name
    least = "MIN" if connection.vendor == "sqlite" else "LEAST"  # SQLite's two-argument MIN is LEAST
    joins, params = [], []
    parts: dict[str, list[str]] = {name: [] for name in COUNT_NAMES}
    for index, source in enumerate(_sources):
        if source.grouped is None:
            raise ImproperlyConfigured(f"The migration source {source.counts!r} gives no SQL")
        sql, source_params, names = source.grouped(players)
        alias = f"counts{index}"
        joins.append(f" LEFT JOIN ({sql}) {alias} ON {alias}.player_id = p.{quote('id')}")
        params += source_params
        for name in names:
            parts[name].append(f"COALESCE({alias}.{name}, 0)")
    counts = {name: _Sql(f"({' + '.join(found)})") if found else _Sql("0") for name, found in parts.items()}
    points = _points(lambda name: counts[name], lambda a, b: _Sql(f"{least}({_sql_text(a)}, {_sql_text(b)})"))
    total = sum(points.values(), _Sql("0"))
    columns = ", ".join(f"{counts[name].text} AS {COUNT_COLUMN.format(name)}" for name in COUNT_NAMES)
    player = ", ".join(f"p.{quote(name)} AS {name}" for name in ("id", "name", "discord", "credit_score"))
    sql = (
        f"SELECT {player}, {columns}, {least}({rules.MAX_SCORE}, {total.text}) AS calculated_score "
        f"FROM {quote(Player._meta.db_table)} p{''.join(joins)}"
    )
    if players is not None:
        sql += f" WHERE p.{quote('id')} IN ({players[0]})"
        params += list(players[1])
    return sql, params


COUNT_COLUMN = "count_{}"  # a count's column in _scored_sql


def scored_rows(player_ids: list[int] | None, using: str = "default") -> list[dict]:
    """These players (all of them with None), by name, each with `id, name, discord, credit_score`,
    every count (`count_<name>`) and `calculated_score`, counted and scored by the database: one
    query, whose sources count the records of these players only."""
    players = None
    if player_ids is not None:
        ids = list(player_ids) or [0]  # no player has id 0: an empty page asks too, for a fixed count
        players = (", ".join(["%s"] * len(ids)), ids)
    sql, params = _scored_sql(players, using)
    with connections[using].cursor() as cursor:
        cursor.execute(f"{sql} ORDER BY name, id", params)
        names = [column[0] for column in cursor.description]
        return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def counts_of(row: dict) -> dict[str, int]:
    """A scored row's counts, by name, as score() takes them."""
    return {name: int(row[COUNT_COLUMN.format(name)]) for name in COUNT_NAMES}


def summary(using: str = "default") -> dict:
    """Every player's calculated score summed up by the database in one pass: one query.

    {"total_players", "calculated_scores" (above 0), "score_total", "highest_score"}
    """
    sql, params = _scored_sql(None, using)
    with connections[using].cursor() as cursor:
        cursor.execute(
            "SELECT COUNT(*), COALESCE(SUM(CASE WHEN scores.calculated_score > 0 THEN 1 ELSE 0 END), 0), "
            "COALESCE(SUM(scores.calculated_score), 0), COALESCE(MAX(scores.calculated_score), 0) "
            f"FROM ({sql}) scores",
            params,
        )
        total, positive, score_total, highest = cursor.fetchone()
    return {
        "total_players": int(total),
        "calculated_scores": int(positive),
        "score_total": int(score_total),
        "highest_score": int(highest),
    }
