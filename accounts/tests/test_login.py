import pytest
from django.utils import timezone

from accounts import rules
from accounts.services import player_password_set, player_unblock
from accounts.tests.factories import PASSWORD, PlayerFactory

pytestmark = pytest.mark.django_db


def login(api, username, password=PASSWORD):
    return api.post("/api/login", {"username": username, "password": password}, format="json")


def test_player_logs_in_by_name_ignoring_case(api):
    player = PlayerFactory(name="Aria", discord="aria.guild")
    response = login(api, "aRIA")
    assert response.status_code == 200
    body = response.json()
    assert body["username"] == "Aria"
    assert body["is_admin"] is False
    assert body["player_id"] == player.pk
    assert body["access_token"] and body["expires_in"] == 300


def test_player_logs_in_by_discord_ignoring_case(api):
    PlayerFactory(name="Aria", discord="aria.guild")
    response = login(api, "ARIA.Guild")
    assert response.status_code == 200
    assert response.json()["username"] == "Aria"


def test_admin_logs_in_by_username(api, admin_user):
    response = login(api, "ADMIN")
    assert response.status_code == 200
    assert response.json()["is_admin"] is True
    assert response.json()["player_id"] is None


def test_admin_wrong_password_is_refused(api, admin_user):
    response = login(api, "admin", "nope-nope")
    assert response.status_code == 401
    assert response.json()["detail"] == rules.MSG_INCORRECT_PASSWORD


def test_wrong_password_says_incorrect_password_and_counts(api):
    player = PlayerFactory()
    response = login(api, player.name, "wrong-password")
    assert response.status_code == 401
    assert response.json() == {"detail": "Incorrect password", "code": "incorrect_password", "fields": {}}
    player.refresh_from_db()
    assert player.failed_attempts == 1


def test_unknown_player_is_not_found(api):
    response = login(api, "Nobody")
    assert response.status_code == 404
    assert response.json()["detail"] == "Player not found"


def test_player_without_password_is_told_to_register(api):
    PlayerFactory(name="Dax", user=None)
    response = login(api, "dax")
    assert response.status_code == 400
    assert "has no password set" in response.json()["detail"]


def test_missing_fields_answer_400(api):
    response = api.post("/api/login", {"username": "", "password": ""}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Please fill in all fields"


def test_five_failures_block_and_the_right_password_is_then_refused(api):
    player = PlayerFactory()
    statuses = [login(api, player.name, "wrong-password").status_code for _ in range(5)]
    assert statuses == [401, 401, 401, 401, 403]
    sixth = login(api, player.name)
    assert sixth.status_code == 403
    assert sixth.json()["detail"] == rules.MSG_BLOCKED
    player.refresh_from_db()
    assert player.blocked_at is not None and player.failed_attempts == 5


def test_unblock_lets_the_player_in_again(api, admin_user):
    player = PlayerFactory(failed_attempts=5, blocked_at=timezone.now())
    player_unblock(player_id=player.pk, admin=admin_user)
    player.refresh_from_db()
    assert player.failed_attempts == 0 and player.blocked_at is None
    assert login(api, player.name).status_code == 200


def test_password_reset_unblocks(api, admin_user):
    player = PlayerFactory(failed_attempts=5, blocked_at=timezone.now())
    player_password_set(player_id=player.pk, new_password="brand-new-pass", admin=admin_user)
    assert login(api, player.name, "brand-new-pass").status_code == 200


def test_success_resets_the_failure_count(api):
    player = PlayerFactory()
    for _ in range(4):
        login(api, player.name, "wrong-password")
    assert login(api, player.name).status_code == 200
    player.refresh_from_db()
    assert player.failed_attempts == 0
    # four more failures do not block, because the count started again
    for _ in range(4):
        assert login(api, player.name, "wrong-password").status_code == 401


def test_login_is_throttled_per_client_address(api):
    from accounts.throttles import LoginRateThrottle

    PlayerFactory(name="Aria")
    original = LoginRateThrottle.THROTTLE_RATES
    LoginRateThrottle.THROTTLE_RATES = {"login": "3/min"}
    try:
        responses = [login(api, "Aria") for _ in range(4)]
    finally:
        LoginRateThrottle.THROTTLE_RATES = original
    assert [r.status_code for r in responses] == [200, 200, 200, 429]
    assert responses[3].json()["code"] == "throttled"
    assert "Too many attempts" in responses[3].json()["detail"]


@pytest.fixture
def login_rate_3_a_minute():
    from accounts.throttles import LoginRateThrottle

    original = LoginRateThrottle.THROTTLE_RATES
    LoginRateThrottle.THROTTLE_RATES = {"login": "3/min"}
    yield
    LoginRateThrottle.THROTTLE_RATES = original


def test_a_forwarded_for_header_does_not_give_a_fresh_allowance(api, login_rate_3_a_minute):
    PlayerFactory(name="Aria")
    responses = [
        api.post(
            "/api/login",
            {"username": "Aria", "password": PASSWORD},
            format="json",
            HTTP_X_FORWARDED_FOR=f"203.0.113.{n}",
        )
        for n in range(4)
    ]
    assert [r.status_code for r in responses] == [200, 200, 200, 429]


def test_registering_does_not_use_up_the_sign_in_allowance(api, login_rate_3_a_minute):
    PlayerFactory(name="Aria")
    for n in range(3):
        body = {"name": f"New{n}", "discord": f"new{n}.guild", "password": "secret-pass-1"}
        assert api.post("/api/register", body, format="json").status_code == 201
    assert login(api, "Aria").status_code == 200


# --- hashing outside the write transaction ---------------------------------------------------


@pytest.fixture
def hashing_depths(monkeypatch):
    """How deep in atomic blocks each password hash or check ran, counted from the test's own."""
    from django.contrib.auth import hashers
    from django.db import connection

    baseline = len(connection.atomic_blocks)
    depths = []
    for name in ("encode", "verify"):
        hasher_class = type(hashers.get_hasher())
        original = getattr(hasher_class, name)

        def recording(self, *args, _original=original, **kwargs):
            depths.append(len(connection.atomic_blocks) - baseline)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(hasher_class, name, recording)
    return depths


def test_sign_in_checks_the_password_before_taking_any_lock(api, hashing_depths):
    PlayerFactory(name="Aria", failed_attempts=2)
    assert login(api, "Aria", "wrong-password").status_code == 401
    assert login(api, "Aria").status_code == 200
    assert hashing_depths and set(hashing_depths) == {0}


def test_register_and_password_reset_hash_before_the_transaction(api, admin_user, hashing_depths):
    from accounts.services import player_create

    body = {"name": "Newbie", "discord": "newbie.guild", "password": "secret-pass-1"}
    assert api.post("/api/register", body, format="json").status_code == 201
    player = PlayerFactory()
    player_password_set(player_id=player.pk, new_password="another-pass-2", admin=admin_user)
    player_create(name="Made", discord="made.guild", password="third-pass-3", admin=admin_user)
    assert len(hashing_depths) >= 3 and set(hashing_depths) == {0}


# --- input bounds at the edge ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "body,field,detail",
    [
        ({"username": "a" * 50_001, "password": PASSWORD}, "username", "Name must be at most 150 characters"),
        ({"username": "Aria", "password": "p" * 1025}, "password", "Password must be at most 1024 characters"),
        ({"username": 12345, "password": PASSWORD}, "username", "Name must be text"),
        ({"username": ["Aria"], "password": PASSWORD}, "username", "Name must be text"),
        ({"username": "Aria", "password": 12345678}, "password", "Password must be text"),
        (
            {"username": "Ar\x00ia", "password": PASSWORD},
            "username",
            "Name contains a character that cannot be stored (NUL)",
        ),
    ],
)
def test_sign_in_input_is_bounded_and_typed_at_the_edge(api, body, field, detail):
    aria = PlayerFactory(name="Aria")
    response = api.post("/api/login", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == detail
    assert response.json()["fields"] == {field: [detail]}
    aria.refresh_from_db()
    assert aria.failed_attempts == 0
