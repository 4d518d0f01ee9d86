"""Fixtures shared by every app's tests.

Django-dependent modules are imported inside the fixtures: the browser tests (e2e/) run without
pytest-django, and this file must import there without configured settings.
"""

import pytest


def _cache_clear():
    """Forget this run's cache keys (throttle counters). On Redis only this run's: its clear() is a
    FLUSHDB, which would also wipe the channel layer of another run sharing the server."""
    from django.conf import settings
    from django.core.cache import cache

    prefix = settings.CACHES["default"].get("KEY_PREFIX")
    if prefix and hasattr(cache, "_cache") and hasattr(cache._cache, "get_client"):
        client = cache._cache.get_client(write=True)
        keys = list(client.scan_iter(match=f"{prefix}:*"))
        if keys:
            client.delete(*keys)
    else:
        cache.clear()


@pytest.fixture(autouse=True)
def _clear_cache():
    _cache_clear()
    yield
    _cache_clear()


@pytest.fixture
def api():
    from rest_framework.test import APIClient

    return APIClient()


def bearer_for(user):
    from rest_framework.test import APIClient

    from accounts.tokens import token_issue

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=user).access_token}")
    return client


@pytest.fixture
def admin_user(db):
    from accounts.tests.factories import AdminFactory

    return AdminFactory()


@pytest.fixture
def admin_api(admin_user):
    return bearer_for(admin_user)


@pytest.fixture
def player(db):
    from accounts.tests.factories import PlayerFactory

    return PlayerFactory()


@pytest.fixture
def player_api(player):
    return bearer_for(player.user)


@pytest.fixture
def other_player(db):
    from accounts.tests.factories import PlayerFactory

    return PlayerFactory()


@pytest.fixture
def books_balance(transactional_db):
    """After the test (a race, a fault): the books balance (operations.reconcile), whatever happened."""
    yield
    from operations.reconcile import reconcile

    differences = reconcile().differences
    assert not differences, differences


@pytest.fixture
def high_threshold(db):
    """A bank whose four-eyes threshold is the largest amount: one officer carries out every change.
    For tests of what a change does, not of who must approve it (operations/tests/test_four_eyes*.py)."""
    from bank.models import BankSettings

    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 1_000_000_000})
