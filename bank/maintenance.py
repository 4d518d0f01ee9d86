"""The bank paused for a restore (issue 31): while `restore` runs, every write asked of the server
(any method but GET, HEAD, OPTIONS and TRACE: the API's and the Django admin site's) answers 503
`being_restored` before its view runs, and nothing changes; reads go on.

The flag is a row of the database (RestorePause, id 1), so that every server process on every
machine sees it: the check is one primary-key read per write (bank.middleware.RestorePauseMiddleware).
A restore (operations/backup.py, `paused_for_restore`):
1. pauses: writes the row, holding until PAUSE_SECONDS from now, and commits it;
2. waits for the writes in flight: on PostgreSQL, until no other backend of this database is inside
   a transaction that has written or locked rows (pg_stat_activity.backend_xid), at most
   WRITES_WAIT_SECONDS; then it refuses (WritesStillRunning: nothing restored) and lifts the pause.
   On SQLite the restore's IMMEDIATE transaction already waits for, and excludes, every other writer;
3. restores in one transaction, which removes the row as its last step: the restored bank and the
   lifted pause commit together;
4. lifts the pause again in a `finally`, whatever happened (a refused file, a lost connection).
While it runs, a thread renews `until` every RENEW_SECONDS (PostgreSQL: SQLite's one writer is the
restore itself). A restore process killed half-way cannot leave the bank paused for ever: its pause
ends PAUSE_SECONDS after its last renewal, and the next restore replaces the row anyway.
"""

import contextlib
import logging
import threading
import time
from collections.abc import Iterator
from datetime import timedelta

from django.db import DatabaseError, connection

from bank import clock
from bank.errors import BankError
from bank.models import RestorePause
from bank.texts import counted

logger = logging.getLogger("bank.maintenance")

PAUSE_ID = 1
PAUSE_SECONDS = 60  # how long a pause outlives its last renewal (a killed restore)
RENEW_SECONDS = 15
WRITES_WAIT_SECONDS = 30  # how long a restore waits for the writes in flight before it gives up

BEING_RESTORED = "The bank is being restored. Nothing was changed; try again in a few minutes."
RETRY_AFTER_SECONDS = 30

# Another client backend of this database inside a transaction that has written or locked rows.
_WRITERS_IN_FLIGHT = (
    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() "
    "AND backend_type = 'client backend' AND backend_xid IS NOT NULL"
)


class WritesStillRunning(BankError):
    """The writes in flight did not end within WRITES_WAIT_SECONDS: the restore did not start."""

    def __init__(self, writers: int, seconds: float):
        super().__init__(
            f"{counted(writers, 'write')} still under way after {seconds:g} seconds, so the restore did not "
            "start: nothing was restored and the bank is no longer paused. Try again in a moment.",
            code="writes_in_flight",
            status=503,
        )


def is_paused() -> bool:
    """Whether writes answer 503 being_restored now (one primary-key read)."""
    return RestorePause.objects.filter(pk=PAUSE_ID, until__gt=clock.now()).exists()


def pause() -> None:
    """Pause the bank for PAUSE_SECONDS (replacing any earlier pause, a killed restore's)."""
    until = clock.now() + timedelta(seconds=PAUSE_SECONDS)
    RestorePause.objects.update_or_create(pk=PAUSE_ID, defaults={"until": until})


def lift() -> None:
    RestorePause.objects.filter(pk=PAUSE_ID).delete()


def wait_for_writes_in_flight() -> None:
    """On PostgreSQL, wait until no other transaction of this database has written (or locked rows),
    at most WRITES_WAIT_SECONDS; WritesStillRunning then. Nothing to wait for on SQLite."""
    if connection.vendor != "postgresql":
        return
    seconds = WRITES_WAIT_SECONDS
    deadline = time.monotonic() + seconds
    while True:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_stat_clear_snapshot()")  # the statistics are read once a transaction
            cursor.execute(_WRITERS_IN_FLIGHT)
            writers = cursor.fetchone()[0]
        if not writers:
            return
        if time.monotonic() >= deadline:
            raise WritesStillRunning(writers, seconds)
        time.sleep(0.05)


class _Renewer(threading.Thread):
    """Moves the pause's end on every RENEW_SECONDS while the restore runs (its own connection)."""

    def __init__(self):
        super().__init__(name="restore-pause-renewer", daemon=True)
        self.done = threading.Event()

    def run(self) -> None:
        try:
            while not self.done.wait(RENEW_SECONDS):
                try:
                    until = clock.now() + timedelta(seconds=PAUSE_SECONDS)
                    RestorePause.objects.filter(pk=PAUSE_ID).update(until=until)
                except DatabaseError as error:  # the pause then ends on its own, PAUSE_SECONDS later
                    logger.warning("Could not renew the restore's pause: %s", error)
        finally:
            connection.close()


@contextlib.contextmanager
def paused_for_restore() -> Iterator[None]:
    """The bank paused for the block (see the module's docstring); the block's own transaction
    should `lift()` as its last step, so that the restored bank and the lifted pause commit together."""
    renewer = None
    try:
        pause()  # committed at once outside a transaction: every process sees it
        if connection.vendor == "postgresql" and not connection.in_atomic_block:
            renewer = _Renewer()
            renewer.start()
        wait_for_writes_in_flight()
        yield
    finally:
        if renewer is not None:
            renewer.done.set()
            renewer.join(timeout=RENEW_SECONDS)
        try:
            lift()
        except DatabaseError as error:  # the pause then ends on its own within PAUSE_SECONDS
            logger.warning("Could not lift the restore's pause: %s", error)
