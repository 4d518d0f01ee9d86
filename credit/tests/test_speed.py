"""The migration preview stays flat: its query count is pinned here with 2,000 players. How long it
takes is measured by bench/bench_credit.py (10,000 players, p50 under 1 s): a wall-clock limit
inside the test suite fails on a busy machine for no fault of the code."""

import pytest

from accounts.models import Player
from bench.generate import fake_counts_source, fake_counts_sql, players_create
from credit import migration
from credit.models import CreditEvent
from credit.selectors import credit_migration_preview

pytestmark = pytest.mark.django_db

PLAYERS = 2_000


@pytest.fixture
def bank_of_2000(migration_sources):
    players_create(PLAYERS)
    migration.register_source(fake_counts_source, grouped=fake_counts_sql)


def test_preview_of_2000_players_runs_four_queries(bank_of_2000, django_assert_num_queries):
    # the summary (every player scored in SQL), the page's players, their counts, the count
    with django_assert_num_queries(4):
        preview = credit_migration_preview(offset=1000, limit=50)
    assert (preview["total_players"], len(preview["migration_data"])) == (PLAYERS, 50)
    # every player at once (no page): scored with everyone, not by naming 2,000 ids
    with django_assert_num_queries(4):
        everyone = credit_migration_preview()
    assert [row["player_id"] for row in everyone["migration_data"]] == list(
        Player.objects.order_by("name", "id").values_list("pk", flat=True)
    )


def test_the_generated_sql_source_counts_what_the_python_one_does(bank_of_2000):
    """bench_credit's stand-in answers the same counts in SQL as in Python."""
    ids = list(Player.objects.order_by("?").values_list("pk", flat=True)[:200])
    in_sql = {row["id"]: migration.counts_of(row) for row in migration.scored_rows(ids)}
    assert in_sql == {player_id: fake_counts_source([player_id])[player_id] for player_id in ids}


def test_generated_scores_spread_from_0_to_300():
    players_create(301)
    assert sorted(Player.objects.values_list("credit_score", flat=True)) == list(range(301))


def test_generated_events_end_at_each_players_score():
    ids = players_create(40, events_per_player=3)
    last_scores = {}
    for event in CreditEvent.objects.filter(player_id__in=ids).order_by("id"):
        assert event.old_score == last_scores.get(event.player_id, 0)
        assert event.points_change == event.new_score - event.old_score
        last_scores[event.player_id] = event.new_score
    assert last_scores == dict(Player.objects.filter(pk__in=ids).values_list("pk", "credit_score"))


def test_generating_twice_adds_players_under_new_names():
    players_create(5)
    players_create(5)
    assert Player.objects.filter(name__startswith="bench").count() == 10
