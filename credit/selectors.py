"""Reads of credit scores, tiers, eligibility and rates."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from accounts.models import Player

from . import migration, rules
from .models import CreditEvent


def credit_tier(score: int) -> rules.Tier:
    return rules.tier_for(score)


@dataclass(frozen=True)
class Eligibility:
    is_eligible: bool
    max_loan_amount: int
    required_credit_score: int
    current_credit_score: int
    rate_discount: float  # percentage points
    tier: str
    reason: str
    deficit: int

    def as_dict(self) -> dict:
        return self.__dict__.copy()


def credit_eligibility(player: Player) -> Eligibility:
    score = player.credit_score
    tier = credit_tier(score)
    deficit = max(0, rules.REQUIRED_SCORE - score)
    if player.bad_payer:
        reason = "Bad payers are not eligible for loans. Contact an admin."
    elif deficit:
        reason = f"You need at least {rules.REQUIRED_SCORE} credit score points to apply for loans."
    else:
        reason = f"You can request loans up to €{tier.max_loan_amount:,}."
    return Eligibility(
        is_eligible=not player.bad_payer and not deficit,
        max_loan_amount=tier.max_loan_amount,
        required_credit_score=rules.REQUIRED_SCORE,
        current_credit_score=score,
        rate_discount=rules.percent(tier.rate_discount),
        tier=tier.name,
        reason=reason,
        deficit=deficit,
    )


def credit_summary(player: Player) -> dict:
    score = player.credit_score
    tier = credit_tier(score)
    return {
        "player_id": player.pk,
        "credit_score": score,
        "max_score": rules.MAX_SCORE,
        "tier": tier.name,
        "score_color": rules.score_colour(score),
        "progress_percent": min(100.0, round(score * 100 / rules.MAX_SCORE, 1)),
        "limited_access": score < rules.REQUIRED_SCORE,
        "benefits": list(tier.benefits),
        "eligibility": {
            "rate_discount": rules.percent(tier.rate_discount),
            "savings_bonus": rules.percent(tier.savings_bonus),
            "max_loan_amount": tier.max_loan_amount,
        },
    }


def credit_benefits() -> dict:
    """The tier table and the ways to earn points, as the Credit Score Benefits card shows them."""
    tiers = []
    for tier in reversed(rules.TIERS):  # lowest first
        low, high = rules.tier_range(tier)
        tiers.append(
            {
                "name": tier.name,
                "min_score": low,
                "max_score": high,
                "range": f"{low} points" if low == high else f"{low} – {high} points",
                "benefits": list(tier.benefits),
            }
        )
    return {
        "max_score": rules.MAX_SCORE,
        "required_score": rules.REQUIRED_SCORE,
        "tiers": tiers,
        "how_to_earn": [{"what": what, "points": points} for what, points in rules.HOW_TO_EARN],
    }


def credit_history(player: Player) -> QuerySet[CreditEvent]:
    return CreditEvent.objects.filter(player=player).select_related("admin_user").order_by("-timestamp", "-id")


def _player_search(players: QuerySet[Player], search: str) -> QuerySet[Player]:
    if not search:
        return players
    matches = Q(name__icontains=search) | Q(discord__icontains=search)
    if search.isascii() and search.isdigit() and len(search) <= 18:
        matches |= Q(pk=int(search))
    return players.filter(matches)


def _tier_condition(tier: rules.Tier) -> Q:
    low, high = rules.tier_range(tier)
    return Q(credit_score__gte=low, credit_score__lte=high)


def credit_overview(*, search: str = "", tier: str | None = None, offset: int = 0, limit: int = 50) -> dict:
    """Admin Credit Score Overview: players by score, highest first, a page at a time, with the count
    per tier and of bad payers in the whole bank. 3 queries (the page, its count, the counters)."""
    players = _player_search(Player.objects.all(), search)
    if tier:
        players = players.filter(_tier_condition(next(t for t in rules.TIERS if t.name.lower() == tier)))
    rows = players.order_by("-credit_score", "name").values("id", "name", "discord", "credit_score", "bad_payer")
    counters = Player.objects.aggregate(
        **{t.name.lower(): Count("pk", filter=_tier_condition(t)) for t in rules.TIERS},
        bad_payers=Count("pk", filter=Q(bad_payer=True)),
    )
    return {
        "count": players.count(),
        "counters": counters,
        "overview": [
            {
                "player_id": row["id"],
                "player_name": row["name"],
                "player_discord": row["discord"],
                "credit_score": row["credit_score"],
                "tier": credit_tier(row["credit_score"]).name.lower(),
                "score_color": rules.score_colour(row["credit_score"]),
                "bad_payer": row["bad_payer"],
            }
            for row in rows[offset : offset + limit]
        ],
    }


def _scored_page(ids: list[int], *, every_player: bool) -> list[dict]:
    """The page's players scored by the database. A page without a limit (every player) is scored
    with everyone rather than named: SQLite takes at most 32,766 values in one statement."""
    if not every_player:
        return migration.scored_rows(ids)
    wanted = set(ids)
    return [row for row in migration.scored_rows(None) if row["id"] in wanted]


def credit_migration_preview(*, search: str = "", offset: int = 0, limit: int | None = None) -> dict:
    """Every player's score as their records give it: the summary over all players, counted and
    scored by the database in one pass, and the rows of one page (by name; all of them without a
    limit), whose counts the database reads for the page's players only and the rules score here.
    4 queries (the summary, the page's players, their counts, the count), whatever the number of players."""
    summary = migration.summary()
    players = _player_search(Player.objects.all(), search)
    ordered = players.order_by("name", "id")
    page = ordered[offset : offset + limit] if limit is not None else ordered[offset:]
    total = summary["total_players"]
    return {
        "total_players": total,
        "calculated_scores": summary["calculated_scores"],
        "average_score": round(summary["score_total"] / total, 1) if total else 0,
        "highest_score": summary["highest_score"],
        "count": players.count(),
        "migration_data": [
            {
                "player_id": row["id"],
                "player_name": row["name"],
                "player_discord": row["discord"],
                "current_score": row["credit_score"],
                **migration.score(migration.counts_of(row)),
            }
            for row in _scored_page(list(page.values_list("pk", flat=True)), every_player=limit is None)
        ],
    }
