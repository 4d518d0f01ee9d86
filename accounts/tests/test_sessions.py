from datetime import timedelta

import pytest
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import PASSWORD, PlayerFactory

pytestmark = pytest.mark.django_db


def signed_in(api, player) -> str:
    return api.post("/api/login", {"username": player.name, "password": PASSWORD}, format="json").json()["access_token"]


def with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def verified(api, token: str):
    """GET /api/verify-token with the token in the Authorization header, as the app asks."""
    return api.get("/api/verify-token", HTTP_AUTHORIZATION=f"Bearer {token}")


def expired_token_for(user) -> str:
    token = AccessToken.for_user(user)
    token.set_exp(lifetime=-timedelta(seconds=1))
    return str(token)


@pytest.mark.parametrize(
    "method,path",
    [("get", "/api/me"), ("post", "/api/extend-session"), ("post", "/api/logout"), ("post", "/api/ws-ticket")],
)
def test_expired_token_answers_401_everywhere(method, path):
    player = PlayerFactory()
    response = getattr(with_token(expired_token_for(player.user)), method)(path)
    assert response.status_code == 401
    assert set(response.json()) == {"detail", "code", "fields"}


def test_no_token_answers_401(api):
    assert api.get("/api/me").status_code == 401


def test_logged_out_token_answers_401(api):
    player = PlayerFactory()
    client = with_token(signed_in(api, player))
    assert client.get("/api/me").status_code == 200
    assert client.post("/api/logout").status_code == 204
    assert client.get("/api/me").status_code == 401


def test_extension_gives_a_later_expiry_and_ends_the_old_token(api):
    player = PlayerFactory()
    old = signed_in(api, player)
    old_exp = AccessToken(old)["exp"]
    response = with_token(old).post("/api/extend-session")
    assert response.status_code == 200
    new = response.json()["access_token"]
    assert AccessToken(new)["exp"] >= old_exp
    assert AccessToken(new)["jti"] != AccessToken(old)["jti"]
    assert response.json()["expires_in"] == 300
    assert with_token(new).get("/api/me").status_code == 200
    assert with_token(old).get("/api/me").status_code == 401


def test_token_lives_five_minutes(api):
    player = PlayerFactory()
    token = AccessToken(signed_in(api, player))
    assert token["exp"] - token["iat"] == 300


def test_verify_token_answers_the_domain_fields(api):
    player = PlayerFactory(has_solo_access=True)
    token = signed_in(api, player)
    body = verified(api, token).json()
    assert body["valid"] is True
    assert body["has_solo_access"] is True
    assert body["is_admin"] is False
    assert body["username"] == player.name
    assert body["expires_at"]


def test_verify_token_of_admin(api, admin_user):
    token = api.post("/api/login", {"username": "admin", "password": PASSWORD}, format="json").json()["access_token"]
    body = verified(api, token).json()
    assert body["valid"] is True and body["is_admin"] is True and body["username"] == "admin"


@pytest.mark.parametrize("token", ["", "garbage", "a.b.c"])
def test_verify_token_says_invalid_for_junk(api, token):
    body = verified(api, token).json()
    assert body == {"valid": False, "has_solo_access": False, "is_admin": False, "username": None, "expires_at": None}


def test_verify_token_says_invalid_for_expired_and_logged_out(api):
    player = PlayerFactory()
    assert verified(api, expired_token_for(player.user)).json()["valid"] is False
    token = signed_in(api, player)
    with_token(token).post("/api/logout")
    assert verified(api, token).json()["valid"] is False


def test_verify_token_answers_for_the_sessions_user_not_the_tokens_user_id_claim(api):
    """A signed token that names another user than its session's (a key that leaked, a bug that
    issued one) is refused by verify-token as by every other call: the session says whose it is."""
    owner, other = PlayerFactory(), PlayerFactory(name="Mallory", has_solo_access=True)
    issued = AccessToken(signed_in(api, owner))
    forged = AccessToken.for_user(other.user)
    forged["sid"], forged["jti"], forged["exp"] = issued["sid"], issued["jti"], issued["exp"]
    assert with_token(str(forged)).get("/api/me").status_code == 401
    body = verified(api, str(forged)).json()
    assert body == {"valid": False, "has_solo_access": False, "is_admin": False, "username": None, "expires_at": None}
    assert verified(api, str(issued)).json()["username"] == owner.name  # the session's own token still answers


def test_verify_token_of_a_deactivated_user_is_not_valid(api):
    player = PlayerFactory()
    token = signed_in(api, player)
    type(player.user).objects.filter(pk=player.user.pk).update(is_active=False)
    assert verified(api, token).json()["valid"] is False


def test_me_answers_the_callers_player(api):
    player = PlayerFactory(name="Aria")
    body = with_token(signed_in(api, player)).get("/api/me").json()
    assert body["username"] == "Aria"
    assert body["is_admin"] is False
    assert body["player"]["id"] == player.pk
    assert body["player"]["credit_score"] == 0


def test_me_for_admin_has_no_player(admin_api):
    body = admin_api.get("/api/me").json()
    assert body["is_admin"] is True and body["player"] is None


def sign_in_fails(api, player, times: int) -> list[int]:
    return [
        api.post("/api/login", {"username": player.name, "password": "wrong-password"}, format="json").status_code
        for _ in range(times)
    ]


def assert_token_ended(api, token: str, player) -> None:
    """Every door a token opens is shut: reads, extension, requests, tickets, verification."""
    client = with_token(token)
    assert client.get("/api/me").status_code == 401
    assert client.get("/api/me/bank-data").status_code == 401
    assert client.post("/api/extend-session").status_code == 401
    loan_request = {"player_id": player.pk, "value": 100_000, "total_days": 10}
    assert client.post("/api/pending-loans", loan_request, format="json").status_code == 401
    assert client.post("/api/ws-ticket").status_code == 401
    assert verified(api, token).json()["valid"] is False


def test_the_fifth_wrong_password_ends_the_open_sessions_of_that_player(api):
    player = PlayerFactory(credit_score=100)
    first_device, second_device = signed_in(api, player), signed_in(api, player)
    assert sign_in_fails(api, player, 5) == [401, 401, 401, 401, 403]
    assert_token_ended(api, first_device, player)
    assert_token_ended(api, second_device, player)


def test_wrong_passwords_short_of_the_block_leave_the_session_open(api):
    player = PlayerFactory()
    token = signed_in(api, player)
    assert sign_in_fails(api, player, 4) == [401, 401, 401, 401]
    assert with_token(token).get("/api/me").status_code == 200


def test_an_admin_password_reset_ends_the_open_sessions_of_that_player(api, admin_api):
    player = PlayerFactory(credit_score=100)
    token = signed_in(api, player)
    response = admin_api.put(
        f"/api/admin/players/{player.pk}/password", {"new_password": "brand-new-pass"}, format="json"
    )
    assert response.status_code == 200
    assert_token_ended(api, token, player)
    # the new password opens a new session
    login = api.post("/api/login", {"username": player.name, "password": "brand-new-pass"}, format="json")
    assert with_token(login.json()["access_token"]).get("/api/me").status_code == 200


def test_a_password_reset_leaves_other_players_signed_in(api, admin_api):
    player, other = PlayerFactory(), PlayerFactory()
    other_token = signed_in(api, other)
    admin_api.put(f"/api/admin/players/{player.pk}/password", {"new_password": "brand-new-pass"}, format="json")
    assert with_token(other_token).get("/api/me").status_code == 200


def test_logout_ends_the_extended_token_too(api):
    player = PlayerFactory()
    extended = with_token(signed_in(api, player)).post("/api/extend-session").json()["access_token"]
    assert with_token(extended).post("/api/logout").status_code == 204
    assert with_token(extended).get("/api/me").status_code == 401


def test_logout_on_one_device_leaves_the_other_device_signed_in(api):
    player = PlayerFactory()
    phone, laptop = signed_in(api, player), signed_in(api, player)
    assert with_token(phone).post("/api/logout").status_code == 204
    assert with_token(laptop).get("/api/me").status_code == 200


def test_an_extended_token_keeps_the_session_id(api):
    player = PlayerFactory()
    first = signed_in(api, player)
    second = with_token(first).post("/api/extend-session").json()["access_token"]
    third = with_token(second).post("/api/extend-session").json()["access_token"]
    assert AccessToken(first)["sid"] == AccessToken(second)["sid"] == AccessToken(third)["sid"]
    assert AccessToken(signed_in(api, player))["sid"] != AccessToken(first)["sid"]


def test_a_token_without_a_session_is_refused(api):
    player = PlayerFactory()
    forged_elsewhere = AccessToken.for_user(player.user)  # well signed, but no sign-in made it
    assert with_token(str(forged_elsewhere)).get("/api/me").status_code == 401
    assert verified(api, str(forged_elsewhere)).json()["valid"] is False
