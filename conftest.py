"""Fixtures shared by every app's tests.

Django-dependent modules are imported inside the fixtures: the browser tests (e2e/) run without
pytest-django, and this file must import there without configured settings.
"""

import os
from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import pytest
import time_machine

# The day the tests of the domain apps run on unless they say otherwise (their conftest.py asks for it), and
# the day other tests that depend on the calendar name: an ordinary Wednesday in the middle of a month, no
# month end, leap day or clock change near it.
RULES_DAY = "2027-03-10 12:00"
# The other tests run at the real time. BANK_TEST_DATE=2028-01-01 (or "2027-12-31 23:59") runs them on that
# day instead, as if the suite ran then: a test that fails so depends on the calendar and should name its day.
TEST_DATE = os.environ.get("BANK_TEST_DATE") or None


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


def bearer_for(user, *, factor: bool = True):
    """A client signed in as the user. `factor`: the session gave a second factor now, as a sign-in with a
    code does, so the calls that ask for a fresh one (step-up, bank/step_up.py) pass for 5 minutes; False is
    a session of the password alone (the tests of step-up itself)."""
    from rest_framework.test import APIClient

    from accounts.tokens import token_issue

    client = APIClient()
    issued = token_issue(user=user, factor_verified=factor)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.access_token}")
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


# --- the bank's clock (bank/clock.py) in the tests -----------------------------------------------------


def bank_moment(when: str | date | datetime) -> datetime:
    """A day or a moment as the bank reads it: a day ("2028-02-29") is its noon; a naive time
    ("2027-03-14 23:59") is on the bank's wall clock (settings.TIME_ZONE)."""
    from django.conf import settings

    if isinstance(when, str):
        when = datetime.fromisoformat(when) if len(when) > len("2028-02-29") else date.fromisoformat(when)
    if not isinstance(when, datetime):
        when = datetime.combine(when, time(12))
    return when if when.tzinfo else when.replace(tzinfo=ZoneInfo(settings.TIME_ZONE))


@pytest.fixture
def bank_date_default():
    """The day a test runs on when it has no `bank_date` marker: the real time (None), or BANK_TEST_DATE's.
    The domain apps' conftest.py answer RULES_DAY instead, so that no rule test depends on the calendar."""
    return TEST_DATE


@pytest.fixture(autouse=True)
def bank_clock(request, bank_date_default):
    """Moves the clock for the test to `@pytest.mark.bank_date("2028-02-29")` (a day: its noon; or a time
    on the bank's wall clock, "2027-03-14 23:59") or else to `bank_date_default`; `bank_date(None)` and
    the tests marked `servers` keep the real time. The clock ticks on from there, in the test's threads
    and in the servers testkit starts for it (testkit/servers.py). Answers time-machine's Traveller
    (move_to, shift), or None at the real time."""
    marker = request.node.get_closest_marker("bank_date")
    if marker:
        when = marker.args[0]
    elif request.node.get_closest_marker("servers"):
        when = None  # the production layout's processes (deploy/serve) run at the real time: so does the test
    else:
        when = bank_date_default
    if when is None:
        yield None
        return
    # a timestamp, not a datetime: with a time zone, time-machine would also set the process's TZ
    with time_machine.travel(bank_moment(when).timestamp(), tick=True) as traveller:
        yield traveller
