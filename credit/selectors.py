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


def credit_migration_preview(*, search: str = "", offset: int = 0, limit: int | None = None) -> dict:
    """Every player's score as their records give it: the summary over all players, and the rows of
    one page (by name; all of them without a limit). 1 query for the players plus each migration
    source's fixed queries; the scoring itself is arithmetic on the counts."""
    players = list(Player.objects.order_by("name", "id").values("id", "name", "discord", "credit_score"))
    # all players: the sources answer without an IN list; scored for exactly the players read
    # above (no second read of the ids, which a player deleted in between would break)
    counts = migration.counts_for(None)
    scored = [(player, migration.score(counts.get(player["id"], {}))) for player in players]
    scores = [score["calculated_score"] for _, score in scored]
    if search:
        wanted = {row["id"] for row in _player_search(Player.objects.all(), search).values("id")}
        scored = [(player, score) for player, score in scored if player["id"] in wanted]
    page = scored[offset : None if limit is None else offset + limit]
    return {
        "total_players": len(scores),
        "calculated_scores": sum(1 for score in scores if score > 0),
        "average_score": round(sum(scores) / len(scores), 1) if scores else 0,
        "highest_score": max(scores, default=0),
        "count": len(scored),
        "migration_data": [
            {
                "player_id": player["id"],
                "player_name": player["name"],
                "player_discord": player["discord"],
                "current_score": player["credit_score"],
                **score,
            }
            for player, score in page
        ],
    }
