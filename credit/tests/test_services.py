import asyncio

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.layers import get_channel_layer

from accounts.tests.factories import AdminFactory, PlayerFactory
from bank import live
from bank.errors import BankError
from credit.models import CreditEvent
from credit.services import (
    credit_adjust,
    credit_migration_execute,
    credit_penalty,
    credit_record,
    credit_set,
)

pytestmark = pytest.mark.django_db

Action = CreditEvent.Action


def score_of(player) -> int:
    player.refresh_from_db()
    return player.credit_score


# ---- recording points: clamping, events, the player's row


def test_record_adds_points_to_the_players_score():
    player = PlayerFactory(credit_score=40)
    credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert score_of(player) == 60


def test_record_writes_one_event_with_old_and_new_score():
    player = PlayerFactory(credit_score=40)
    event = credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert list(CreditEvent.objects.filter(player=player)) == [event]
    assert (event.action_type, event.reason, event.old_score, event.new_score, event.points_change) == (
        "loan_taken",
        "Loan taken",
        40,
        60,
        20,
    )


def test_record_below_zero_clamps_the_score_at_0():
    player = PlayerFactory(credit_score=5)
    credit_record(player_id=player.pk, action_type=Action.PAYMENT_MISSED, points=-10, reason="Missed")
    assert score_of(player) == 0


def test_record_below_zero_stores_the_effective_change():
    player = PlayerFactory(credit_score=5)
    event = credit_record(player_id=player.pk, action_type=Action.PAYMENT_MISSED, points=-10, reason="Missed")
    assert (event.old_score, event.new_score, event.points_change) == (5, 0, -5)


def test_record_above_300_clamps_the_score_at_300():
    player = PlayerFactory(credit_score=295)
    credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert score_of(player) == 300


def test_record_above_300_stores_the_effective_change():
    player = PlayerFactory(credit_score=295)
    event = credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert (event.old_score, event.new_score, event.points_change) == (295, 300, 5)


def test_a_change_fully_absorbed_at_300_is_still_recorded_with_0_points():
    player = PlayerFactory(credit_score=300)
    event = credit_record(player_id=player.pk, action_type=Action.PAYMENT_MADE, points=5, reason="Day paid")
    assert (event.old_score, event.new_score, event.points_change) == (300, 300, 0)
    assert CreditEvent.objects.filter(player=player).count() == 1


def test_each_change_writes_its_own_event():
    player = PlayerFactory()
    for points in (10, 5, 20):
        credit_record(player_id=player.pk, action_type=Action.SAVINGS_OPENED, points=points, reason="Savings")
    events = CreditEvent.objects.filter(player=player).order_by("id")
    assert [(e.old_score, e.new_score) for e in events] == [(0, 10), (10, 15), (15, 35)]


def test_record_without_an_admin_leaves_admin_user_empty():
    player = PlayerFactory()
    event = credit_record(player_id=player.pk, action_type=Action.WEEKLY_PAYMENT, points=1, reason="Week paid")
    assert event.admin_user is None


def test_record_for_an_unknown_player_answers_404_and_writes_nothing():
    with pytest.raises(BankError) as error:
        credit_record(player_id=999_999, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert error.value.status == 404
    assert not CreditEvent.objects.exists()


def test_record_leaves_other_players_alone():
    player, other = PlayerFactory(credit_score=10), PlayerFactory(credit_score=10)
    credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert score_of(other) == 10


def test_set_moves_the_score_to_the_value_and_records_the_difference():
    player = PlayerFactory(credit_score=120)
    event = credit_set(player_id=player.pk, score=80, action_type=Action.MANUAL_ADJUSTMENT, reason="Set")
    assert score_of(player) == 80
    assert event.points_change == -40


# ---- live notices


def test_a_credit_change_queues_a_credit_and_players_notice_for_that_player(monkeypatch):
    player = PlayerFactory()
    sent = []
    monkeypatch.setattr(
        live, "notify", lambda kinds, player_ids=(), **kw: sent.append((sorted(kinds), list(player_ids)))
    )
    credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert sent == [(["credit", "players"], [player.pk])]


def test_the_notice_waits_for_the_commit(django_capture_on_commit_callbacks):
    player = PlayerFactory()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")
    assert len(callbacks) == 1


def test_the_notice_reaches_the_players_group_with_its_kinds(django_capture_on_commit_callbacks):
    player = PlayerFactory()
    layer = get_channel_layer()

    def record() -> None:
        with django_capture_on_commit_callbacks(execute=True):
            credit_record(player_id=player.pk, action_type=Action.LOAN_TAKEN, points=20, reason="Loan taken")

    async def listen_while_recording() -> dict:
        # one event loop, as in a server: the Pub/Sub layer keeps its channels per loop
        channel = await layer.new_channel()
        await layer.group_add(live.player_group(player.pk), channel)
        try:
            await sync_to_async(record)()  # the test's thread: its database connection and transaction
            return await asyncio.wait_for(layer.receive(channel), timeout=5)
        finally:
            await layer.group_discard(live.player_group(player.pk), channel)

    assert async_to_sync(listen_while_recording)() == {"type": "bank.data", "kinds": ["credit", "players"]}


def test_a_refused_change_queues_no_notice(django_capture_on_commit_callbacks, admin_user):
    with django_capture_on_commit_callbacks(execute=False) as callbacks, pytest.raises(BankError):
        credit_adjust(player_id=999_999, points_change=5, reason="Because", admin=admin_user)
    assert callbacks == []


# ---- admin penalties


def test_missed_payment_takes_10_points(admin_user):
    player = PlayerFactory(credit_score=75)
    event = credit_penalty(player_id=player.pk, penalty_type="missed_payment", admin=admin_user)
    assert score_of(player) == 65
    assert (event.action_type, event.points_change) == ("payment_missed", -10)


def test_missed_payment_at_5_points_stops_at_0(admin_user):
    player = PlayerFactory(credit_score=5)
    event = credit_penalty(player_id=player.pk, penalty_type="missed_payment", admin=admin_user)
    assert (score_of(player), event.points_change) == (0, -5)


def test_loan_default_sets_the_score_to_0(admin_user):
    player = PlayerFactory(credit_score=230)
    event = credit_penalty(player_id=player.pk, penalty_type="loan_default", admin=admin_user)
    assert score_of(player) == 0
    assert (event.action_type, event.old_score, event.points_change) == ("loan_defaulted", 230, -230)


def test_a_penalty_records_the_acting_admin(admin_user):
    player = PlayerFactory(credit_score=50)
    event = credit_penalty(player_id=player.pk, penalty_type="missed_payment", admin=admin_user)
    assert event.admin_user == admin_user


def test_a_penalty_keeps_the_admins_reason(admin_user):
    player = PlayerFactory(credit_score=50)
    event = credit_penalty(player_id=player.pk, penalty_type="missed_payment", reason="Day 3 unpaid", admin=admin_user)
    assert event.reason == "Day 3 unpaid"


def test_a_penalty_without_a_reason_gets_a_default_one(admin_user):
    player = PlayerFactory(credit_score=50)
    event = credit_penalty(player_id=player.pk, penalty_type="loan_default", admin=admin_user)
    assert event.reason == "Loan default penalty"


def test_a_penalty_for_an_unknown_player_answers_404(admin_user):
    with pytest.raises(BankError) as error:
        credit_penalty(player_id=999_999, penalty_type="missed_payment", admin=admin_user)
    assert error.value.status == 404


# ---- admin adjustments


def test_adjust_adds_signed_points(admin_user):
    player = PlayerFactory(credit_score=100)
    credit_adjust(player_id=player.pk, points_change=-30, reason="Late twice", admin=admin_user)
    assert score_of(player) == 70


def test_adjust_records_a_manual_adjustment_with_reason_and_admin(admin_user):
    player = PlayerFactory(credit_score=100)
    event = credit_adjust(player_id=player.pk, points_change=25, reason="Helped a guildmate", admin=admin_user)
    assert (event.action_type, event.reason, event.points_change, event.admin_user) == (
        "manual_adjustment",
        "Helped a guildmate",
        25,
        admin_user,
    )


@pytest.mark.parametrize("kind", ["donation", "friend_invite"])
def test_adjust_records_the_kind_the_admin_picked(admin_user, kind):
    player = PlayerFactory()
    event = credit_adjust(player_id=player.pk, points_change=10, reason="Thanks", kind=kind, admin=admin_user)
    assert event.action_type == kind


def test_adjust_accepts_the_whole_scale_and_clamps(admin_user):
    player = PlayerFactory(credit_score=10)
    event = credit_adjust(player_id=player.pk, points_change=300, reason="Founding member", admin=admin_user)
    assert (score_of(player), event.points_change) == (300, 290)


def test_adjust_for_an_unknown_player_answers_404(admin_user):
    with pytest.raises(BankError) as error:
        credit_adjust(player_id=999_999, points_change=5, reason="Because", admin=admin_user)
    assert error.value.status == 404
    assert not CreditEvent.objects.exists()


# ---- migration execute


def test_execute_sets_each_selected_players_score_from_the_records(admin_user, register_counts):
    chosen = PlayerFactory(credit_score=7)
    register_counts({chosen.pk: {"savings_opened": 2, "loans_taken": 1}})
    credit_migration_execute(player_ids=[chosen.pk], admin=admin_user)
    assert score_of(chosen) == 35


def test_execute_leaves_unselected_players_alone(admin_user, register_counts):
    chosen, left = PlayerFactory(), PlayerFactory(credit_score=7)
    register_counts({chosen.pk: {"loans_taken": 1}, left.pk: {"loans_taken": 3}})
    credit_migration_execute(player_ids=[chosen.pk], admin=admin_user)
    assert score_of(left) == 7
    assert not CreditEvent.objects.filter(player=left).exists()


def test_execute_writes_one_manual_adjustment_per_player_with_the_admin(admin_user, register_counts):
    first, second = PlayerFactory(), PlayerFactory(credit_score=40)
    register_counts({first.pk: {"loans_taken": 1}, second.pk: {"loans_completed": 1}})
    credit_migration_execute(player_ids=[first.pk, second.pk, first.pk], admin=admin_user, notes="Go live")
    events = list(
        CreditEvent.objects.order_by("player_id").values_list("player_id", "action_type", "points_change", "admin_user")
    )
    assert events == [
        (first.pk, "manual_adjustment", 20, admin_user.pk),
        (second.pk, "manual_adjustment", -25, admin_user.pk),
    ]


def test_execute_puts_the_score_and_notes_in_the_reason(admin_user, register_counts):
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 1}})
    [event] = credit_migration_execute(player_ids=[player.pk], admin=admin_user, notes="Go live")
    assert event.reason == "Credit score migration: 20 from banking records (Go live)"


def test_execute_without_sources_sets_the_score_to_0(admin_user, migration_sources):
    player = PlayerFactory(credit_score=90)
    credit_migration_execute(player_ids=[player.pk], admin=admin_user)
    assert score_of(player) == 0


def test_execute_with_no_selection_is_refused(admin_user):
    with pytest.raises(BankError) as error:
        credit_migration_execute(player_ids=[], admin=admin_user)
    assert error.value.status == 400


def test_execute_with_an_unknown_player_answers_404_and_changes_nothing(admin_user, register_counts):
    player = PlayerFactory(credit_score=7)
    register_counts({player.pk: {"loans_taken": 1}})
    with pytest.raises(BankError) as error:
        credit_migration_execute(player_ids=[player.pk, 999_999], admin=admin_user)
    assert error.value.status == 404
    assert score_of(player) == 7
    assert not CreditEvent.objects.exists()


def test_execute_by_one_admin_is_recorded_for_that_admin(register_counts):
    other_admin = AdminFactory(username="second-admin")
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 1}})
    [event] = credit_migration_execute(player_ids=[player.pk], admin=other_admin)
    assert event.admin_user == other_admin


def test_execute_queues_one_notice_for_all_selected_players(admin_user, register_counts, monkeypatch):
    first, second = PlayerFactory(), PlayerFactory()
    register_counts({first.pk: {"loans_taken": 1}})
    sent = []
    monkeypatch.setattr(
        live, "notify", lambda kinds, player_ids=(), **kw: sent.append((sorted(kinds), sorted(player_ids)))
    )
    credit_migration_execute(player_ids=[second.pk, first.pk], admin=admin_user)
    assert sent == [(["credit", "players"], sorted([first.pk, second.pk]))]


def test_execute_runs_the_same_queries_for_3_and_for_30_players(admin_user, register_counts, django_assert_num_queries):
    few, many = PlayerFactory.create_batch(3), PlayerFactory.create_batch(30)
    register_counts({player.pk: {"loans_taken": 1} for player in few + many})
    # lock the players, one UPDATE for their one score, one INSERT of the events, one of the audit
    # entries, and the savepoint
    with django_assert_num_queries(6):
        credit_migration_execute(player_ids=[player.pk for player in few], admin=admin_user)
    with django_assert_num_queries(6):
        credit_migration_execute(player_ids=[player.pk for player in many], admin=admin_user)


def test_execute_for_more_players_than_one_query_can_name(admin_user, register_counts, monkeypatch):
    """SQLite takes at most 32,766 values in one statement: large selections go in chunks."""
    from credit import services as credit_services

    monkeypatch.setattr(credit_services, "ID_CHUNK", 3)
    players = [PlayerFactory(credit_score=9) for _ in range(7)]
    left = PlayerFactory(credit_score=9)
    register_counts({p.pk: {"loans_taken": 1} for p in players} | {left.pk: {"loans_taken": 2}})
    events = credit_migration_execute(player_ids=[p.pk for p in players], admin=admin_user)
    assert len(events) == 7
    assert [score_of(p) for p in players] == [20] * 7
    assert score_of(left) == 9  # scored with everyone, written only for the selection
