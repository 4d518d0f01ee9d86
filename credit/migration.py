"""The migration calculation: a player's score from their banking records.

Higher apps (lending) keep the records; they fill this hook in their AppConfig.ready() with a
function that answers, for many players at once, in a fixed number of queries:
    {player_id: {"savings_opened": n, "loans_taken": n, "loans_completed": n,
                 "loan_days_paid": n, "savings_weeks_paid": n}}
The imports never go up: credit does not know lending.
"""

from collections import defaultdict
from collections.abc import Callable, Iterable

from accounts.models import Player

from . import rules

Counts = dict[int, dict[str, int]]
_sources: list[Callable[[Iterable[int] | None], Counts]] = []


def register_source(source: Callable[[Iterable[int] | None], Counts]) -> None:
    if source not in _sources:
        _sources.append(source)


def breakdown(counts: dict[str, int]) -> dict[str, int]:
    opened = counts.get("savings_opened", 0)
    savings = (rules.POINTS_FIRST_SAVINGS + rules.POINTS_MORE_SAVINGS * (opened - 1)) if opened else 0
    loans = rules.POINTS_LOAN_TAKEN * counts.get("loans_taken", 0) + rules.POINTS_LOAN_COMPLETED * counts.get(
        "loans_completed", 0
    )
    payments = rules.POINTS_PAYMENT_MADE * counts.get("loan_days_paid", 0) + rules.POINTS_WEEKLY_PAYMENT * counts.get(
        "savings_weeks_paid", 0
    )
    return {"savings": savings, "loans": loans, "payments": payments}


def counts_for(player_ids: Iterable[int] | None = None) -> Counts:
    """Every source's counts added up, per player (all players when None): one call per source."""
    ids = list(player_ids) if player_ids is not None else None
    counts: dict[int, dict[str, int]] = defaultdict(dict)
    for source in _sources:
        for player_id, player_counts in source(ids).items():
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
