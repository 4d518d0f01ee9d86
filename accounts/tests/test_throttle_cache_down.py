"""Sign-in and registration keep working when the throttle's cache (Redis) is down: the throttle
lets the request through and logs a warning, rather than answering 500."""

import logging

import pytest
from django.test import override_settings

from accounts.tests.factories import PASSWORD, PlayerFactory
from testkit.servers import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def cache_down():
    closed_port = free_port()  # nothing listens there
    dead_redis = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{closed_port}/0",
        }
    }
    with override_settings(CACHES=dead_redis):
        yield


def test_sign_in_works_while_the_throttle_cache_is_down(api, cache_down, caplog):
    PlayerFactory(name="Aria")
    with caplog.at_level(logging.WARNING, logger="accounts.throttles"):
        response = api.post("/api/login", {"username": "Aria", "password": PASSWORD}, format="json")
    assert response.status_code == 200
    assert "throttle" in caplog.text.lower()


def test_registration_works_while_the_throttle_cache_is_down(api, cache_down, caplog):
    body = {"name": "Newcomer", "discord": "newcomer.guild", "password": "long-enough"}
    with caplog.at_level(logging.WARNING, logger="accounts.throttles"):
        response = api.post("/api/register", body, format="json")
    assert response.status_code == 201
    assert "throttle" in caplog.text.lower()


def test_a_wrong_password_still_counts_while_the_throttle_cache_is_down(api, cache_down):
    player = PlayerFactory(name="Aria")
    response = api.post("/api/login", {"username": "Aria", "password": "wrong-password"}, format="json")
    assert response.status_code == 401
    player.refresh_from_db()
    assert player.failed_attempts == 1
