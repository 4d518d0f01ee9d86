"""The bank's one clock (bank/clock.py), and the tests' hold on it (conftest.py, bank_clock): a test pins
the day with @pytest.mark.bank_date, and the servers testkit starts for it keep the same time."""

from datetime import UTC, date, datetime, timedelta

import pytest
import time_machine
from django.utils import timezone

from bank import clock
from conftest import TEST_DATE
from testkit.servers import asgi_server, call, env_for_test_database

EPSILON = timedelta(milliseconds=50)  # the shift is handed on as a float of seconds


def test_the_clock_answers_what_django_answers(settings):
    settings.TIME_ZONE = "Europe/Berlin"
    assert abs(clock.now() - timezone.now()) < timedelta(seconds=1)
    assert clock.now().tzinfo is not None
    assert clock.today() == timezone.localdate()
    moment = datetime(2027, 3, 28, 0, 59, 59, tzinfo=UTC)  # a second before summer time starts in Berlin
    assert clock.local(moment) == timezone.localtime(moment)
    assert (clock.local(moment).hour, clock.local(moment + timedelta(seconds=1)).hour) == (1, 3)


@pytest.mark.skipif(TEST_DATE is not None, reason="BANK_TEST_DATE moves the real time")
def test_without_a_marker_the_other_apps_run_at_the_real_time(bank_clock):
    assert bank_clock is None
    assert not time_machine.escape_hatch.is_travelling()


@pytest.mark.bank_date("2028-02-29")
def test_a_pinned_day_is_its_noon_and_the_clock_ticks_on(bank_clock):
    start = clock.now()
    assert (clock.today(), clock.local(start).hour) == (date(2028, 2, 29), 12)
    bank_clock.shift(timedelta(hours=12))  # the Traveller moves it on
    assert clock.today() == date(2028, 3, 1)
    assert clock.now() - start >= timedelta(hours=12)


@pytest.mark.bank_date("2027-03-14 23:59")
def test_a_pinned_time_is_on_the_banks_wall_clock():
    assert (clock.today(), clock.local(clock.now()).strftime("%a %H:%M")) == (date(2027, 3, 14), "Sun 23:59")


@pytest.mark.django_db(transaction=True)
@pytest.mark.bank_date("2025-06-15 10:00")  # before the tests were written: a real-time server would disagree
def test_a_server_started_for_a_test_keeps_the_tests_time():
    """What the test writes (a session that expires in 30 minutes, a loan that starts today) means the same
    to the servers it starts (testkit/travelled.py)."""
    with asgi_server(env_for_test_database()) as server:
        for _ in range(3):  # the server reads the time while the test's clock goes from before to after
            before = clock.now()
            _, alive = call(server, "GET", "/api/alive")
            after = clock.now()
            assert before - EPSILON <= datetime.fromisoformat(alive["time"]) <= after + EPSILON
