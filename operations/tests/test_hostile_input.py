"""Input that used to reach the database or int() unchecked: each answers 400 or 404, never 500,
and changes nothing."""

import pytest

from accounts.tests.factories import PlayerFactory
from credit.models import CreditEvent
from lending.models import PendingLoan

pytestmark = pytest.mark.django_db

NUL = "\x00"


@pytest.fixture
def eligible(db):
    from conftest import bearer_for

    player = PlayerFactory(credit_score=100)
    return player, bearer_for(player.user)


@pytest.mark.parametrize("days", ["²", "1" * 5000, "٣"])
def test_a_loan_term_that_only_looks_like_digits_is_a_400(eligible, days):
    player, api = eligible
    response = api.post(
        "/api/pending-loans", {"player_id": player.pk, "value": 100_000, "total_days": days}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["detail"]
    assert not PendingLoan.objects.exists()


def test_a_nul_character_in_a_loan_reason_is_a_400(eligible):
    player, api = eligible
    body = {"player_id": player.pk, "value": 100_000, "total_days": 10, "request_reason": f"rent{NUL}"}
    response = api.post("/api/pending-loans", body, format="json")
    assert response.status_code == 400
    assert "NUL" in response.json()["detail"]
    assert not PendingLoan.objects.exists()


def test_a_nul_character_in_a_credit_reason_is_a_400(admin_api, player):
    body = {"player_id": player.pk, "points_change": 5, "reason": f"Helped{NUL}"}
    response = admin_api.post("/api/admin/credit-score/adjust", body, format="json")
    assert response.status_code == 400
    assert not CreditEvent.objects.exists()


@pytest.mark.parametrize("term", ["²", "1" * 64, "99999999999999999999"])
def test_player_search_with_odd_digits_answers(admin_api, term):
    PlayerFactory(name="Aria")
    response = admin_api.get("/api/search/players", {"term": term})
    assert response.status_code == 200
    assert response.json()["players"] == []


def test_a_player_search_term_longer_than_any_name_is_a_400(admin_api):
    response = admin_api.get("/api/search/players", {"term": "a" * 5_000})
    assert response.status_code == 400
    assert response.json()["detail"] == "term can be at most 64 characters"


def test_a_query_string_over_the_limit_answers_414_before_any_view_reads_it(admin_api):
    response = admin_api.get("/api/search/players", {"term": "a" * 50_001})
    assert response.status_code == 414
    assert response.json()["code"] == "uri_too_long"


def test_player_search_with_a_nul_character_is_a_400(admin_api):
    response = admin_api.get("/api/search/players", {"term": f"Ar{NUL}"})
    assert response.status_code == 400


def test_migrating_an_id_beyond_any_database_integer_is_a_404(admin_api, player):
    body = {"player_ids": [player.pk, 10**20]}
    response = admin_api.post("/api/admin/credit-score/execute-migration", body, format="json")
    assert response.status_code == 404
    assert not CreditEvent.objects.exists()


def test_migrating_a_float_id_is_a_400(admin_api, player):
    body = {"player_ids": [player.pk, 1e300]}
    response = admin_api.post("/api/admin/credit-score/execute-migration", body, format="json")
    assert response.status_code == 400
    assert not CreditEvent.objects.exists()


def test_a_loan_id_beyond_any_database_integer_is_a_404(admin_api):
    response = admin_api.post(f"/api/loans/{10**20}/payment?payment_status=Paid")
    assert response.status_code == 404
