import pytest

from accounts.tests.factories import PlayerFactory
from credit import migration
from credit.selectors import (
    credit_benefits,
    credit_eligibility,
    credit_history,
    credit_migration_preview,
    credit_overview,
    credit_summary,
    credit_tier,
)
from credit.tests.factories import CreditEventFactory

pytestmark = pytest.mark.django_db

NOT_ENOUGH_POINTS = "You need at least 50 credit score points to apply for loans."

# ---- tiers and colours


@pytest.mark.parametrize(
    "score,tier",
    [(0, "Basic"), (149, "Basic"), (150, "Silver"), (299, "Silver"), (300, "Gold")],
)
def test_tier_boundaries(score, tier):
    assert credit_tier(score).name == tier


@pytest.mark.parametrize(
    "score,colour",
    [
        (300, "green"),
        (250, "green"),
        (249, "yellow"),
        (150, "yellow"),
        (149, "orange"),
        (100, "orange"),
        (99, "red"),
        (0, "red"),
    ],
)
def test_score_colour_boundaries(score, colour):
    assert credit_summary(PlayerFactory(credit_score=score))["score_color"] == colour


def test_summary_of_a_silver_player():
    summary = credit_summary(PlayerFactory(credit_score=150))
    assert summary["tier"] == "Silver"
    assert summary["progress_percent"] == 50.0
    assert summary["eligibility"] == {"rate_discount": 1.0, "savings_bonus": 0.5, "max_loan_amount": 5_000_000}


def test_summary_below_50_points_shows_limited_access():
    assert credit_summary(PlayerFactory(credit_score=49))["limited_access"] is True


def test_summary_at_50_points_has_full_access():
    assert credit_summary(PlayerFactory(credit_score=50))["limited_access"] is False


def test_summary_of_a_gold_player_lists_the_gold_benefits():
    summary = credit_summary(PlayerFactory(credit_score=300))
    assert summary["progress_percent"] == 100.0
    assert "Maximum loan amounts (€10,000,000)" in summary["benefits"]


# ---- eligibility


def test_49_points_is_not_eligible():
    eligibility = credit_eligibility(PlayerFactory(credit_score=49))
    assert eligibility.is_eligible is False


def test_49_points_has_a_deficit_of_1_and_says_why():
    eligibility = credit_eligibility(PlayerFactory(credit_score=49))
    assert (eligibility.deficit, eligibility.reason) == (1, NOT_ENOUGH_POINTS)


def test_50_points_is_eligible_with_no_deficit():
    eligibility = credit_eligibility(PlayerFactory(credit_score=50))
    assert (eligibility.is_eligible, eligibility.deficit) == (True, 0)


def test_eligibility_names_the_required_and_current_score():
    eligibility = credit_eligibility(PlayerFactory(credit_score=12))
    assert (eligibility.required_credit_score, eligibility.current_credit_score) == (50, 12)


def test_a_bad_payer_is_not_eligible_whatever_the_score():
    eligibility = credit_eligibility(PlayerFactory(credit_score=300, bad_payer=True))
    assert eligibility.is_eligible is False
    assert "Bad payers" in eligibility.reason


@pytest.mark.parametrize(
    "score,max_amount,discount",
    [(50, 1_000_000, 0.0), (149, 1_000_000, 0.0), (150, 5_000_000, 1.0), (299, 5_000_000, 1.0), (300, 10_000_000, 2.0)],
)
def test_max_amount_and_rate_discount_by_tier(score, max_amount, discount):
    eligibility = credit_eligibility(PlayerFactory(credit_score=score))
    assert (eligibility.max_loan_amount, eligibility.rate_discount) == (max_amount, discount)


# ---- history and overview


def test_history_is_newest_first():
    player = PlayerFactory(credit_score=35)
    first = CreditEventFactory(player=player, old_score=0, new_score=10)
    second = CreditEventFactory(player=player, old_score=10, new_score=15)
    third = CreditEventFactory(player=player, old_score=15, new_score=35)
    assert list(credit_history(player)) == [third, second, first]


def test_history_holds_only_that_players_events():
    player = PlayerFactory()
    CreditEventFactory()
    mine = CreditEventFactory(player=player)
    assert list(credit_history(player)) == [mine]


def test_overview_lists_every_player_highest_score_first():
    low, high, mid = PlayerFactory(credit_score=10), PlayerFactory(credit_score=300), PlayerFactory(credit_score=160)
    assert [row["player_id"] for row in credit_overview()["overview"]] == [high.pk, mid.pk, low.pk]


def test_overview_row_shape():
    player = PlayerFactory(name="Aria", discord="aria.guild", credit_score=160, bad_payer=True)
    assert credit_overview()["overview"] == [
        {
            "player_id": player.pk,
            "player_name": "Aria",
            "player_discord": "aria.guild",
            "credit_score": 160,
            "tier": "silver",
            "score_color": "yellow",
            "bad_payer": True,
        }
    ]


def test_benefits_list_each_tier_with_its_score_range_lowest_first():
    benefits = credit_benefits()
    assert (benefits["max_score"], benefits["required_score"]) == (300, 50)
    assert [(t["name"], t["min_score"], t["max_score"], t["range"]) for t in benefits["tiers"]] == [
        ("Basic", 0, 149, "0 – 149 points"),
        ("Silver", 150, 299, "150 – 299 points"),
        ("Gold", 300, 300, "300 points"),
    ]
    assert benefits["tiers"][1]["benefits"] == [
        "1% lower loan rates",
        "0.5% extra savings bonus",
        "Loans up to €5,000,000",
    ]
    assert benefits["how_to_earn"][0] == {"what": "First savings account", "points": 10}


# ---- migration preview

FULL_COUNTS = {
    "savings_opened": 3,
    "loans_taken": 2,
    "loans_completed": 1,
    "loan_days_paid": 4,
    "savings_weeks_paid": 7,
}


def preview_row(player):
    return next(row for row in credit_migration_preview()["migration_data"] if row["player_id"] == player.pk)


def test_preview_breaks_the_score_down_by_the_point_rules(register_counts):
    player = PlayerFactory()
    register_counts({player.pk: FULL_COUNTS})
    # savings 10 + 5 + 5; loans 2 x 20 + 15; payments 4 x 5 + 7 x 1
    assert preview_row(player)["score_breakdown"] == {"savings": 20, "loans": 55, "payments": 27}


def test_preview_score_is_the_sum_of_the_breakdown(register_counts):
    player = PlayerFactory()
    register_counts({player.pk: FULL_COUNTS})
    assert preview_row(player)["calculated_score"] == 102


def test_preview_row_shows_the_current_score_beside_the_calculated_one(register_counts):
    player = PlayerFactory(name="Borin", discord="borin.guild", credit_score=40)
    register_counts({player.pk: {"loans_taken": 1}})
    assert preview_row(player) == {
        "player_id": player.pk,
        "player_name": "Borin",
        "player_discord": "borin.guild",
        "current_score": 40,
        "calculated_score": 20,
        "score_breakdown": {"savings": 0, "loans": 20, "payments": 0},
    }


def test_preview_caps_the_score_at_300(register_counts):
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 10, "loans_completed": 10, "loan_days_paid": 20}})
    row = preview_row(player)
    assert row["score_breakdown"] == {"savings": 0, "loans": 350, "payments": 100}
    assert row["calculated_score"] == 300


def test_preview_adds_up_counts_from_several_sources(register_counts):
    player = PlayerFactory()
    register_counts({player.pk: {"savings_opened": 1, "savings_weeks_paid": 3}})
    register_counts({player.pk: {"loans_taken": 1, "loan_days_paid": 2}})
    assert preview_row(player)["score_breakdown"] == {"savings": 10, "loans": 20, "payments": 13}


def test_preview_summary(register_counts):
    full, one_loan, _nothing = PlayerFactory(), PlayerFactory(), PlayerFactory()
    register_counts({full.pk: FULL_COUNTS, one_loan.pk: {"loans_taken": 1}})
    preview = credit_migration_preview()
    summary = {key: preview[key] for key in ("total_players", "calculated_scores", "average_score", "highest_score")}
    assert summary == {"total_players": 3, "calculated_scores": 2, "average_score": 40.7, "highest_score": 102}


def test_preview_without_sources_calculates_0_for_everyone(migration_sources):
    PlayerFactory(credit_score=120)
    PlayerFactory(credit_score=30)
    preview = credit_migration_preview()
    assert [row["calculated_score"] for row in preview["migration_data"]] == [0, 0]
    assert (preview["average_score"], preview["highest_score"], preview["calculated_scores"]) == (0, 0, 0)


def test_preview_of_an_empty_bank(migration_sources):
    assert credit_migration_preview() == {
        "total_players": 0,
        "calculated_scores": 0,
        "average_score": 0,
        "highest_score": 0,
        "count": 0,
        "migration_data": [],
    }


def test_overview_pages_filters_by_tier_and_search_and_counts_the_whole_bank():
    gold = PlayerFactory(name="Goldie", credit_score=300)
    silver = [PlayerFactory(credit_score=200 + n) for n in range(3)]
    PlayerFactory(credit_score=20, bad_payer=True)
    page = credit_overview(offset=1, limit=2)
    assert [row["player_id"] for row in page["overview"]] == [silver[2].pk, silver[1].pk]
    assert page["count"] == 5
    assert page["counters"] == {"gold": 1, "silver": 3, "basic": 1, "bad_payers": 1}
    assert [row["player_id"] for row in credit_overview(tier="gold")["overview"]] == [gold.pk]
    assert [row["player_id"] for row in credit_overview(search="goldie")["overview"]] == [gold.pk]


def test_preview_pages_by_name_and_summarises_every_player(register_counts):
    players = [PlayerFactory(name=name) for name in ("Cato", "Abe", "Bea")]
    register_counts({players[0].pk: {"loans_taken": 2}, players[1].pk: {"loans_taken": 1}})
    preview = credit_migration_preview(offset=1, limit=1)
    assert [row["player_name"] for row in preview["migration_data"]] == ["Bea"]
    assert (preview["total_players"], preview["highest_score"], preview["calculated_scores"], preview["count"]) == (
        3,
        40,
        2,
        3,
    )
    searched = credit_migration_preview(search="cat")
    assert [row["calculated_score"] for row in searched["migration_data"]] == [40]


def test_preview_ignores_counts_for_players_that_do_not_exist(register_counts):
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 1}, 999_999: {"loans_taken": 5}})
    preview = credit_migration_preview()
    assert [row["player_id"] for row in preview["migration_data"]] == [player.pk]


def test_preview_asks_each_source_once_for_all_players(migration_sources):
    PlayerFactory()
    PlayerFactory()
    calls = []
    migration.register_source(lambda ids: calls.append(ids) or {})
    credit_migration_preview()
    assert calls == [None]


def test_registering_a_source_twice_counts_it_once(register_counts):
    player = PlayerFactory()
    source = register_counts({player.pk: {"loans_taken": 1}})
    migration.register_source(source)
    assert preview_row(player)["calculated_score"] == 20
