"""The preview's fast path scores in SQL what the rules score in Python: for varied counts (none,
one account, many, at the 300 cap and on each side of it), the database's counts, scores and summary
equal credit.migration.score() on the same counts."""

import itertools

import pytest

from accounts.tests.factories import PlayerFactory
from credit import migration
from credit.tests.sources import fixed_counts_sql

pytestmark = pytest.mark.django_db


def varied_counts() -> list[dict[str, int]]:
    counts = [
        {},
        {"savings_opened": 1},
        {"savings_opened": 2, "savings_weeks_paid": 3},
        {"loans_taken": 1, "loans_completed": 1, "loan_days_paid": 1},
        # raw totals of 299, 300 and 301: the cap applies to the last only
        {"loans_taken": 14, "loan_days_paid": 3, "savings_weeks_paid": 4},
        {"loans_taken": 15},
        {"loans_taken": 15, "savings_weeks_paid": 1},
        {"loans_taken": 40, "loans_completed": 40, "loan_days_paid": 4_000, "savings_opened": 9},
    ]
    # and every mix of small counts of each kind
    for opened, taken, completed, days, weeks in itertools.product((0, 1, 3), (0, 2), (0, 1), (0, 7), (0, 11)):
        counts.append(
            {
                "savings_opened": opened,
                "loans_taken": taken,
                "loans_completed": min(completed, taken),
                "loan_days_paid": days,
                "savings_weeks_paid": weeks,
            }
        )
    return counts


@pytest.fixture
def scored_bank(migration_sources):
    counts = {PlayerFactory().pk: player_counts for player_counts in varied_counts()}
    # two sources, as lending registers two: each gives half of the counts, the database adds them up
    halves = [{}, {}]
    for player_id, player_counts in counts.items():
        for index, (name, value) in enumerate(sorted(player_counts.items())):
            halves[index % 2].setdefault(player_id, {})[name] = value
    for half in halves:
        migration.register_source(lambda ids, half=half: half, grouped=fixed_counts_sql(half))
    return counts


def test_database_scores_equal_the_rules_for_varied_players(scored_bank):
    rows = migration.scored_rows(list(scored_bank))
    assert len(rows) == len(scored_bank)
    for row in rows:
        expected = scored_bank[row["id"]]
        assert migration.counts_of(row) == {name: expected.get(name, 0) for name in migration.COUNT_NAMES}
        assert row["calculated_score"] == migration.score(expected)["calculated_score"], expected


def test_database_summary_equals_the_rules_summed_in_python(scored_bank):
    scores = [migration.score(counts)["calculated_score"] for counts in scored_bank.values()]
    assert 300 in scores and 299 in scores and 0 in scores  # the cap and both sides of it are covered
    assert migration.summary() == {
        "total_players": len(scores),
        "calculated_scores": sum(1 for score in scores if score > 0),
        "score_total": sum(scores),
        "highest_score": max(scores),
    }


def test_a_player_without_any_record_scores_0_in_the_database(migration_sources):
    player = PlayerFactory()
    migration.register_source(lambda ids: {}, grouped=fixed_counts_sql({}))
    assert [row["calculated_score"] for row in migration.scored_rows([player.pk])] == [0]
    assert migration.summary()["highest_score"] == 0
