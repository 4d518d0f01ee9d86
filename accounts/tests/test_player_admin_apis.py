import pytest
from django.utils import timezone

from accounts import services as accounts_services
from accounts.models import Player
from accounts.tests.factories import AdminFactory, PlayerFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


def test_admin_sets_solo_access_and_bad_payer(admin_api, player):
    response = admin_api.put(f"/api/players/{player.pk}", {"has_solo_access": True, "bad_payer": True}, format="json")
    assert response.status_code == 200
    player.refresh_from_db()
    assert player.has_solo_access and player.bad_payer


def test_admin_update_with_nothing_answers_400(admin_api, player):
    response = admin_api.put(f"/api/players/{player.pk}", {}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "nothing_to_change"


def test_admin_update_of_unknown_player_answers_404(admin_api):
    assert admin_api.put("/api/players/999999", {"bad_payer": True}, format="json").status_code == 404


def test_bad_client_type_answers_400(admin_api, player):
    response = admin_api.put(f"/api/players/{player.pk}", {"client_type": "vip"}, format="json")
    assert response.status_code == 400
    assert response.json()["fields"]["client_type"]


@pytest.mark.parametrize(
    "method,path,body",
    [
        ("put", "/api/players/{id}", {"has_solo_access": True}),
        ("put", "/api/admin/players/{id}/unblock", None),
        ("put", "/api/admin/players/{id}/password", {"new_password": "whatever-1"}),
        ("get", "/api/admin/players/blocked", None),
    ],
)
def test_players_cannot_call_admin_endpoints(player_api, player, method, path, body):
    response = getattr(player_api, method)(path.format(id=player.pk), body, format="json")
    assert response.status_code == 403
    player.refresh_from_db()
    assert player.has_solo_access is False


def test_blocked_list_and_unblock(admin_api):
    blocked = PlayerFactory(failed_attempts=5, blocked_at=timezone.now())
    PlayerFactory()
    listed = admin_api.get("/api/admin/players/blocked").json()["blocked_players"]
    assert [p["id"] for p in listed] == [blocked.pk]
    assert listed[0]["failed_attempts"] == 5
    assert admin_api.put(f"/api/admin/players/{blocked.pk}/unblock").status_code == 200
    assert admin_api.get("/api/admin/players/blocked").json()["blocked_players"] == []


def test_blocked_list_runs_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    for _ in range(3):
        PlayerFactory(failed_attempts=5, blocked_at=timezone.now())
    # the token + the page + the count
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert len(admin_api.get("/api/admin/players/blocked").json()["blocked_players"]) == 3
    for _ in range(10):
        PlayerFactory(failed_attempts=5, blocked_at=timezone.now())
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert len(admin_api.get("/api/admin/players/blocked").json()["blocked_players"]) == 13


def test_empty_password_change_answers_400(admin_api, player):
    response = admin_api.put(f"/api/admin/players/{player.pk}/password", {"new_password": ""}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Please enter a new password"


def test_a_password_longer_than_128_characters_answers_400_and_changes_nothing(admin_api, player):
    before = player.user.password
    response = admin_api.put(f"/api/admin/players/{player.pk}/password", {"new_password": "p" * 129}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Password must be at most 128 characters"
    player.user.refresh_from_db()
    assert player.user.password == before


def test_search_finds_by_name_discord_or_id_exact_first(admin_api):
    ann = PlayerFactory(name="Ann", discord="ann.dc")
    joanna = PlayerFactory(name="Joanna", discord="jo.dc")
    PlayerFactory(name="Bob", discord="bob.dc")
    names = [p["name"] for p in admin_api.get("/api/search/players", {"term": "ann"}).json()["players"]]
    assert names == ["Ann", "Joanna"]
    by_discord = admin_api.get("/api/search/players", {"term": "JO.D"}).json()["players"]
    assert [p["id"] for p in by_discord] == [joanna.pk]
    by_id = admin_api.get("/api/search/players", {"term": str(ann.pk)}).json()["players"]
    assert by_id[0]["id"] == ann.pk


def test_search_without_a_term_answers_400(admin_api):
    response = admin_api.get("/api/search/players", {"term": "  "})
    assert response.status_code == 400
    assert response.json()["detail"] == "Please enter a search term"


def test_search_is_for_admins_only(player_api):
    assert player_api.get("/api/search/players", {"term": "a"}).status_code == 403


def test_search_runs_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    for n in range(3):
        PlayerFactory(name=f"Same{n}")
    # the token, the page and the count
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert len(admin_api.get("/api/search/players", {"term": "same"}).json()["players"]) == 3
    for n in range(3, 12):
        PlayerFactory(name=f"Same{n}")
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert len(admin_api.get("/api/search/players", {"term": "same"}).json()["players"]) == 12


@pytest.mark.django_db(transaction=True)
def test_mark_existing_players_old_runs_in_its_own_transaction():
    """It locks the players it changes, so it must run in a transaction of its own: called outside
    one (as the view does under autocommit) it would refuse to lock (the adversary found it so)."""
    player = PlayerFactory(client_type=Player.ClientType.NEW)
    assert accounts_services.players_mark_old(admin=AdminFactory()) == 1
    player.refresh_from_db()
    assert player.client_type == Player.ClientType.OLD
