"""The bank's one clock (issue 32): every read of today's date or of the time in the product goes through here.

`today()` is the bank's day (its time zone, settings.TIME_ZONE), `now()` the moment (aware, UTC) and
`local(moment)` a moment on the bank's wall clock (the day it fell on, the time shown). They answer what
django.utils.timezone answers; the point is that there is one place to read, so that tests set the day with
time-machine (conftest.py: the `bank_date` marker) and no rule depends on the calendar the tests run on.

ruff keeps it so (pyproject.toml, banned-api TID251): timezone.now, localdate and localtime, date.today and
datetime.now, today and utcnow are refused outside this module, the tests and the migrations.

Not the calendar, and so not here: timers that measure a duration or a deadline (time.monotonic,
time.perf_counter, time.time where only a difference counts, such as a backoff) may read their clocks directly.
"""

from datetime import date, datetime

from django.utils import timezone


def now() -> datetime:
    """This moment, aware (UTC)."""
    return timezone.now()


def today() -> date:
    """The bank's date today, in its time zone."""
    return timezone.localdate()


def local(moment: datetime) -> datetime:
    """`moment` in the bank's time zone. Takes a moment and never reads the time: `local(now())` for now's."""
    return timezone.localtime(moment)
