import pytest

from accounts.models import Player
from accounts.tests.factories import AdminFactory, PlayerFactory
from credit import migration
from credit.models import CreditEvent
from credit.tests.factories import CreditEventFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

OVERVIEW = "/api/admin/credit-score/overview"
PENALTY = "/api/admin/credit-score/penalty"
ADJUST = "/api/admin/credit-score/adjust"
PREVIEW = "/api/admin/credit-score/migration-preview"
EXECUTE = "/api/admin/credit-score/execute-migration"


def score_of(player) -> int:
    player.refresh_from_db()
    return player.credit_score


def one_query_source(ids):
    """Stands in for a lending source: one query, whatever the number of players."""
    return {pid: {"loans_taken": 1} for pid in Player.objects.values_list("pk", flat=True)}


def one_loan_each_sql(players):
    """The same in SQL: every player (or those `players` selects) took one loan."""
    sql = 'SELECT id AS player_id, 1 AS loans_taken FROM "accounts_player"'
    if players is None:
        return sql, [], ("loans_taken",)
    return f"{sql} WHERE id IN ({players[0]})", list(players[1]), ("loans_taken",)


# ---- who may call what


@pytest.mark.parametrize(
    "method,path,body",
    [
        ("get", OVERVIEW, {}),
        ("post", PENALTY, {"penalty_type": "loan_default"}),
        ("post", ADJUST, {"points_change": 300, "reason": "Mine now"}),
        ("get", PREVIEW, {}),
        ("post", EXECUTE, {"player_ids": "mine"}),
    ],
)
def test_a_player_cannot_call_admin_credit_endpoints(player_api, player, method, path, body):
    player.credit_score = 100
    player.save()
    body = {**body, "player_id": player.pk, **({"player_ids": [player.pk]} if "player_ids" in body else {})}
    response = getattr(player_api, method)(path, body if method == "post" else None, format="json")
    assert response.status_code == 403
    assert score_of(player) == 100
    assert not CreditEvent.objects.exists()


@pytest.mark.parametrize(
    "path", ["/api/players/{id}/credit-score", "/api/players/{id}/credit-history", "/api/loans/eligibility/{id}"]
)
def test_a_player_cannot_read_another_players_credit(player_api, other_player, path):
    response = player_api.get(path.format(id=other_player.pk))
    assert response.status_code == 404


@pytest.mark.parametrize(
    "path", ["/api/players/{id}/credit-score", "/api/players/{id}/credit-history", "/api/loans/eligibility/{id}"]
)
def test_a_player_reads_their_own_credit(player_api, player, path):
    assert player_api.get(path.format(id=player.pk)).status_code == 200


@pytest.mark.parametrize(
    "path", ["/api/players/{id}/credit-score", "/api/players/{id}/credit-history", "/api/loans/eligibility/{id}"]
)
def test_an_admin_reads_any_players_credit(admin_api, other_player, path):
    assert admin_api.get(path.format(id=other_player.pk)).status_code == 200


@pytest.mark.parametrize(
    "path", ["/api/players/{id}/credit-score", "/api/players/{id}/credit-history", "/api/loans/eligibility/{id}"]
)
def test_reading_credit_of_an_unknown_player_answers_404(admin_api, path):
    assert admin_api.get(path.format(id=999_999)).status_code == 404


def test_credit_reads_need_a_sign_in(api, player):
    assert api.get(f"/api/players/{player.pk}/credit-score").status_code == 401


# ---- player reads


def test_credit_score_answer(player_api, player):
    player.credit_score = 160
    player.save()
    body = player_api.get(f"/api/players/{player.pk}/credit-score").json()
    assert (body["credit_score"], body["tier"], body["score_color"]) == (160, "Silver", "yellow")
    assert body["eligibility"] == {"rate_discount": 1.0, "savings_bonus": 0.5, "max_loan_amount": 5_000_000}


def test_eligibility_answer_when_short_of_points(player_api, player):
    player.credit_score = 49
    player.save()
    body = player_api.get(f"/api/loans/eligibility/{player.pk}").json()
    assert body == {
        "is_eligible": False,
        "max_loan_amount": 1_000_000,
        "required_credit_score": 50,
        "current_credit_score": 49,
        "rate_discount": 0.0,
        "tier": "Basic",
        "reason": "You need at least 50 credit score points to apply for loans.",
        "deficit": 1,
    }


def test_history_entry_names_the_admin(admin_api, admin_user, player):
    admin_api.post(ADJUST, {"player_id": player.pk, "points_change": 15, "reason": "Donated"}, format="json")
    [entry] = admin_api.get(f"/api/players/{player.pk}/credit-history").json()["history"]
    assert {
        key: entry[key] for key in ("action_type", "reason", "points_change", "old_score", "new_score", "admin_user")
    } == {
        "action_type": "manual_adjustment",
        "reason": "Donated",
        "points_change": 15,
        "old_score": 0,
        "new_score": 15,
        "admin_user": admin_user.display_name,
    }


def test_history_entry_without_an_admin_has_admin_user_null(player_api, player):
    CreditEventFactory(player=player, admin_user=None)
    [entry] = player_api.get(f"/api/players/{player.pk}/credit-history").json()["history"]
    assert entry["admin_user"] is None


def test_history_runs_a_fixed_number_of_queries(admin_api, player, django_assert_num_queries):
    CreditEventFactory.create_batch(3, player=player, admin_user=AdminFactory())
    # the token (2), the player, the events with their admins
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert len(admin_api.get(f"/api/players/{player.pk}/credit-history").json()["history"]) == 3
    CreditEventFactory.create_batch(27, player=player, admin_user=AdminFactory(username="second-admin"))
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert len(admin_api.get(f"/api/players/{player.pk}/credit-history").json()["history"]) == 30


# ---- overview


def test_overview_lists_players_with_score_and_tier(admin_api):
    PlayerFactory(credit_score=300)
    PlayerFactory(credit_score=20)
    rows = admin_api.get(OVERVIEW).json()["overview"]
    assert [(row["credit_score"], row["tier"]) for row in rows] == [(300, "gold"), (20, "basic")]


def test_overview_runs_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    PlayerFactory.create_batch(3)
    # the page, its count, the counters per tier
    with django_assert_num_queries(AUTH_QUERIES + 3):
        assert len(admin_api.get(OVERVIEW).json()["overview"]) == 3
    PlayerFactory.create_batch(57)
    with django_assert_num_queries(AUTH_QUERIES + 3):
        body = admin_api.get(OVERVIEW).json()
    assert (len(body["overview"]), body["count"], body["page_size"]) == (50, 60, 50)


def test_execute_with_select_all_migrates_every_player(admin_api, register_counts):
    players = PlayerFactory.create_batch(3)
    register_counts({players[0].pk: {"loans_taken": 1}})
    body = admin_api.post(EXECUTE, {"select_all": True}, format="json").json()
    assert body["migrated_count"] == 3
    assert score_of(players[0]) == 20


# ---- penalty


def test_missed_payment_penalty_by_query_string(admin_api, player):
    player.credit_score = 60
    player.save()
    response = admin_api.post(f"{PENALTY}?player_id={player.pk}&penalty_type=missed_payment")
    assert response.status_code == 200
    assert (response.json()["points_change"], score_of(player)) == (-10, 50)


def test_loan_default_penalty_by_json_body(admin_api, player):
    player.credit_score = 180
    player.save()
    response = admin_api.post(PENALTY, {"player_id": player.pk, "penalty_type": "loan_default"}, format="json")
    assert response.status_code == 200
    assert (response.json()["action_type"], score_of(player)) == ("loan_defaulted", 0)


def test_penalty_records_the_admin_from_the_token_not_the_one_sent(admin_api, admin_user, player):
    AdminFactory(username="someone-else")
    admin_api.post(f"{PENALTY}?player_id={player.pk}&penalty_type=missed_payment&admin_user=someone-else")
    assert CreditEvent.objects.get(player=player).admin_user == admin_user


def test_unknown_penalty_type_answers_400(admin_api, player):
    response = admin_api.post(PENALTY, {"player_id": player.pk, "penalty_type": "late"}, format="json")
    assert response.status_code == 400
    assert response.json()["fields"]["penalty_type"]


def test_penalty_for_an_unknown_player_answers_404(admin_api):
    response = admin_api.post(PENALTY, {"player_id": 999_999, "penalty_type": "missed_payment"}, format="json")
    assert response.status_code == 404


# ---- adjust


def test_adjust_answers_the_event(admin_api, player):
    response = admin_api.post(ADJUST, {"player_id": player.pk, "points_change": 25, "reason": "Donated"}, format="json")
    assert response.status_code == 200
    assert {key: response.json()[key] for key in ("points_change", "old_score", "new_score")} == {
        "points_change": 25,
        "old_score": 0,
        "new_score": 25,
    }


def test_adjust_records_the_admin_from_the_token_not_the_one_sent(admin_api, admin_user, player):
    AdminFactory(username="someone-else")
    body = {"player_id": player.pk, "points_change": 5, "reason": "Helped", "admin_user": "someone-else"}
    response = admin_api.post(ADJUST, body, format="json")
    assert response.json()["admin_user"] == admin_user.display_name
    assert CreditEvent.objects.get(player=player).admin_user == admin_user


@pytest.mark.parametrize("kind", ["donation", "friend_invite"])
def test_adjust_with_a_kind(admin_api, player, kind):
    body = {"player_id": player.pk, "points_change": 5, "reason": "Thanks", "kind": kind}
    assert admin_api.post(ADJUST, body, format="json").json()["action_type"] == kind


@pytest.mark.parametrize(
    "body,field",
    [
        ({"reason": "Helped"}, "points_change"),
        ({"points_change": 5}, "reason"),
        ({"points_change": 5, "reason": "  "}, "reason"),
        ({"points_change": "five", "reason": "Helped"}, "points_change"),
        ({"points_change": [5], "reason": "Helped"}, "points_change"),
        ({"points_change": {"n": 5}, "reason": "Helped"}, "points_change"),
        ({"points_change": 2.5, "reason": "Helped"}, "points_change"),
        ({"points_change": 5, "reason": "Helped", "kind": "loan_taken"}, "kind"),
        ({"points_change": 5, "reason": "Helped", "kind": ["donation"]}, "kind"),
        ({"points_change": 5, "reason": "Helped", "kind": "payment_missed"}, "kind"),
        ({"points_change": 0, "reason": "Nothing"}, "points_change"),
        ({"points_change": 301, "reason": "Too much"}, "points_change"),
        ({"points_change": -301, "reason": "Too much"}, "points_change"),
        ({"points_change": True, "reason": "Helped"}, "points_change"),
        ({"points_change": "1e2", "reason": "Helped"}, "points_change"),
        ({"points_change": "١٠", "reason": "Helped"}, "points_change"),
        ({"points_change": 5, "reason": "x" * 501}, "reason"),
        ({"points_change": 5, "reason": {"text": "Helped"}}, "reason"),
    ],
)
def test_adjust_with_missing_or_bad_input_answers_400_and_changes_nothing(admin_api, player, body, field):
    response = admin_api.post(ADJUST, {"player_id": player.pk, **body}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]
    assert field in response.json()["fields"]
    assert score_of(player) == 0
    assert not CreditEvent.objects.exists()


@pytest.mark.parametrize("player_id", ["abc", None, [1], {"id": 1}, True])
def test_adjust_with_a_non_number_player_id_answers_400(admin_api, player_id):
    response = admin_api.post(ADJUST, {"player_id": player_id, "points_change": 5, "reason": "Helped"}, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["player_id"]
    assert response.json()["detail"].startswith("player_id ")


def test_adjust_for_a_player_id_beyond_any_database_integer_answers_404(admin_api):
    response = admin_api.post(ADJUST, {"player_id": 10**30, "points_change": 5, "reason": "Helped"}, format="json")
    assert response.status_code == 404


def test_adjust_with_a_huge_number_answers_400(admin_api, player):
    raw = f'{{"player_id": {player.pk}, "points_change": 1e400, "reason": "Helped"}}'
    response = admin_api.generic("POST", ADJUST, raw, content_type="application/json")
    assert response.status_code == 400


def test_adjust_for_an_unknown_player_answers_404(admin_api):
    response = admin_api.post(ADJUST, {"player_id": 999_999, "points_change": 5, "reason": "Helped"}, format="json")
    assert response.status_code == 404


# ---- migration


def test_preview_answers_the_calculated_scores(admin_api, register_counts):
    player = PlayerFactory(credit_score=5)
    register_counts(
        {
            player.pk: {
                "savings_opened": 3,
                "loans_taken": 2,
                "loans_completed": 1,
                "loan_days_paid": 4,
                "savings_weeks_paid": 7,
            }
        }
    )
    body = admin_api.get(PREVIEW).json()
    assert (body["total_players"], body["average_score"], body["highest_score"]) == (1, 102.0, 102)
    assert body["migration_data"][0]["score_breakdown"] == {"savings": 20, "loans": 55, "payments": 27}


def test_preview_runs_a_fixed_number_of_queries(admin_api, migration_sources, django_assert_num_queries):
    migration.register_source(one_query_source, grouped=one_loan_each_sql)
    PlayerFactory.create_batch(3)
    # the summary, the page's players, their counts, the count: the sources are joined in SQL
    with django_assert_num_queries(AUTH_QUERIES + 4):
        assert admin_api.get(PREVIEW).json()["total_players"] == 3
    PlayerFactory.create_batch(57)
    with django_assert_num_queries(AUTH_QUERIES + 4):
        body = admin_api.get(PREVIEW, {"page": 2, "search": "a"}).json()
    assert (body["total_players"], body["highest_score"]) == (60, 20)
    with django_assert_num_queries(AUTH_QUERIES + 4):
        body = admin_api.get(PREVIEW, {"page": 2}).json()
    assert (body["count"], len(body["migration_data"])) == (60, 10)


def test_execute_with_migration_data_and_notes(admin_api, admin_user, register_counts):
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 1}})
    body = {"migration_data": [{"player_id": player.pk}], "execution_notes": "Go live"}
    response = admin_api.post(EXECUTE, body, format="json")
    assert response.status_code == 200
    assert response.json() == {"migrated_count": 1, "detail": "Migrated 1 players"}
    event = CreditEvent.objects.get(player=player)
    assert (event.action_type, event.admin_user, event.reason) == (
        "manual_adjustment",
        admin_user,
        "Credit score migration: 20 from banking records (Go live)",
    )


def test_execute_with_player_ids(admin_api, register_counts):
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 2}})
    assert admin_api.post(EXECUTE, {"player_ids": [player.pk]}, format="json").status_code == 200
    assert score_of(player) == 40


def test_execute_changes_only_the_selected_players(admin_api, register_counts):
    chosen, left = PlayerFactory(), PlayerFactory(credit_score=3)
    register_counts({chosen.pk: {"loans_taken": 1}, left.pk: {"loans_taken": 1}})
    admin_api.post(EXECUTE, {"player_ids": [chosen.pk]}, format="json")
    assert (score_of(chosen), score_of(left)) == (20, 3)


def test_execute_recomputes_and_ignores_a_client_sent_score(admin_api, register_counts):
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 1}})
    body = {"migration_data": [{"player_id": player.pk, "calculated_score": 300, "current_score": 0}]}
    admin_api.post(EXECUTE, body, format="json")
    assert score_of(player) == 20


def test_execute_records_the_admin_from_the_token_not_the_one_sent(admin_api, admin_user, register_counts):
    AdminFactory(username="someone-else")
    player = PlayerFactory()
    register_counts({player.pk: {"loans_taken": 1}})
    admin_api.post(EXECUTE, {"player_ids": [player.pk], "admin_user": "someone-else"}, format="json")
    assert CreditEvent.objects.get(player=player).admin_user == admin_user


@pytest.mark.parametrize("body", [{}, {"player_ids": []}, {"migration_data": []}])
def test_execute_with_an_empty_selection_answers_400(admin_api, migration_sources, body):
    response = admin_api.post(EXECUTE, body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Select at least one player to migrate"


def test_execute_with_a_selection_that_is_not_a_list_answers_400(admin_api, migration_sources):
    response = admin_api.post(EXECUTE, {"migration_data": "all"}, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["migration_data"]


def test_a_reason_of_500_characters_is_kept_whole(admin_api, player):
    body = {"player_id": player.pk, "points_change": 5, "reason": "x" * 500}
    assert admin_api.post(ADJUST, body, format="json").status_code == 200
    assert CreditEvent.objects.get(player=player).reason == "x" * 500


def test_execute_with_an_unknown_player_answers_404_and_changes_nothing(admin_api, register_counts):
    player = PlayerFactory(credit_score=3)
    register_counts({player.pk: {"loans_taken": 1}})
    response = admin_api.post(EXECUTE, {"player_ids": [player.pk, 999_999]}, format="json")
    assert response.status_code == 404
    assert score_of(player) == 3
    assert not CreditEvent.objects.exists()


@pytest.mark.parametrize("rows", [[{"name": "x"}], [{"player_id": "x"}], ["x"], [None]])
def test_execute_with_a_bad_player_id_answers_400(admin_api, migration_sources, rows):
    response = admin_api.post(EXECUTE, {"migration_data": rows}, format="json")
    assert response.status_code == 400


def test_penalty_with_a_non_number_player_id_answers_400(admin_api):
    response = admin_api.post(f"{PENALTY}?player_id=abc&penalty_type=missed_payment")
    assert response.status_code == 400
    assert response.json()["fields"] == {"player_id": ["player_id must be a whole number"]}


@pytest.mark.parametrize("penalty_type", ["", "late", "payment_missed"])
def test_an_unknown_penalty_type_answers_400_and_changes_nothing(admin_api, penalty_type):
    player = PlayerFactory(credit_score=50)
    response = admin_api.post(f"{PENALTY}?player_id={player.pk}&penalty_type={penalty_type}")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["penalty_type"]
    assert score_of(player) == 50


def test_an_object_penalty_type_in_json_answers_400(admin_api, player):
    response = admin_api.post(PENALTY, {"player_id": player.pk, "penalty_type": ["missed_payment"]}, format="json")
    assert response.status_code == 400
