"""The bank's background work on django.tasks (site layer): the minute tick, and the worker thread of
`make run`.

Tasks are rows of the bank's own database (django-tasks-db's DatabaseBackend, settings.TASKS) and a
worker runs them: `manage.py db_worker` in a process of its own (`make serve`), or, when
BANK_BACKGROUND_IN_SERVER is true, `start_worker_thread()` in the server process (config/asgi.py).

django.tasks has no periodic schedules: `tick` reschedules itself (`run_after`, TICK_SECONDS on) before
it does its work, so that a run that fails or dies still leaves the next one waiting; a tick that
failed before it could (SQLite's "database is locked", say) is followed by one enqueued when the
worker records its failure (django.tasks' `task_finished` signal). Every worker seeds the chain when it
starts, and the server's worker thread again after any fault of its own (`seed_tick`), under a lock, and a tick enqueues its successor only when
no other tick waits: two workers starting at once leave one chain, and two chains (which only a hand
could make) fold into one at their next ticks; meanwhile a second chain's runs do nothing harmful (the
jobs and the messages are claimed before they run).
"""

import atexit
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import OperationalError, close_old_connections, connection, transaction
from django.db.models import Max, Q
from django.dispatch import receiver
from django.tasks import DEFAULT_TASK_BACKEND_ALIAS, DEFAULT_TASK_QUEUE_NAME, TaskResultStatus, task
from django.tasks.signals import task_finished
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from bank import clock, outbox
from operations import jobs

logger = logging.getLogger("operations.tasks")

TICK_SECONDS = 60
KEEP_FINISHED = timedelta(days=7)  # finished tasks' rows are deleted after this long
WORKER_INTERVAL_SECONDS = 1.0  # an idle worker looks for ready tasks this often
_TICK_LOCK = 0x6261_6E6B  # PostgreSQL advisory lock ("bank") held while the tick chain is checked
# A task worker that started no task for this long has stopped (readiness, /health/ready): an idle
# worker starts the tick every TICK_SECONDS, so this is two ticks missed (a database hiccup, a worker
# restarting) and a third late
WORKER_RAN_WITHIN = timedelta(seconds=3 * TICK_SECONDS)


def _lock_tick_chain() -> None:
    """Serialise the check-then-enqueue of the tick within the caller's transaction: on PostgreSQL an
    advisory lock; SQLite's transactions are IMMEDIATE in this bank (config/settings/base.py), so the
    transaction holds the database's write lock from its start."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_TICK_LOCK])


def schedule_tick(*, run_after: datetime | None = None) -> bool:
    """Enqueue a tick (at `run_after`, or now) unless one already waits; answers whether it did."""
    with transaction.atomic():
        _lock_tick_chain()
        if DBTaskResult.objects.filter(task_path=tick.module_path, status=TaskResultStatus.READY).exists():
            return False
        tick.using(run_after=run_after).enqueue()
        return True


def seed_tick() -> bool:
    """A worker starting: make sure the tick chain runs (a worker that died mid-tick, a new database)."""
    return schedule_tick()


def prune_finished(*, now: datetime | None = None) -> int:
    """Delete the rows of tasks that finished more than KEEP_FINISHED ago (a tick a minute, a task a
    message: the table would grow for ever); answers how many."""
    now = now or clock.now()
    finished = DBTaskResult.objects.filter(
        status__in=[TaskResultStatus.SUCCESSFUL, TaskResultStatus.FAILED], finished_at__lt=now - KEEP_FINISHED
    )
    deleted, _ = finished.delete()
    return deleted


# Other messages that can lose their task as the outbox's can (a worker that died mid-send), swept by the
# same tick: each `sweep()` enqueues their tasks again and answers how many (guild_discord's staff posts,
# registered as it starts: it sits above operations, so it registers rather than being imported).
_sweeps: list[Callable[[], int]] = []


def register_sweep(sweep: Callable[[], int]) -> None:
    if sweep not in _sweeps:
        _sweeps.append(sweep)


@task
def tick() -> dict:
    """Every TICK_SECONDS: the next tick first, then the messages that lost their task, the daily jobs
    that are due (claimed: once a day whatever the number of workers), and old task rows."""
    schedule_tick(run_after=clock.now() + timedelta(seconds=TICK_SECONDS))
    swept = outbox.sweep() + sum(sweep() for sweep in _sweeps)
    ran = jobs.run_due()
    pruned = prune_finished()
    return {"swept": swept, "ran": ran, "pruned": pruned}


@dataclass(frozen=True)
class WorkerActivity:
    """What the task workers last did (`worker_activity`)."""

    last_started_at: datetime | None  # the newest start of any task, by any worker
    job_running_since: datetime | None  # the newest start of a task still running that runs the daily jobs

    def ran_recently(self, now: datetime) -> bool:
        """A task started within WORKER_RAN_WITHIN, or a task that runs the daily jobs (a tick, an
        officer's run now) runs and started within jobs.CLAIM, the longest a job may take: while a day's
        books check runs in the tick, a single worker starts nothing else. A worker that died in such a
        task and was not restarted is taken for running until then."""
        if self.last_started_at is not None and now - self.last_started_at <= WORKER_RAN_WITHIN:
            return True
        return self.job_running_since is not None and now - self.job_running_since <= jobs.CLAIM


def worker_activity() -> WorkerActivity:
    """One query over the task table (finished rows are kept KEEP_FINISHED)."""
    row = DBTaskResult.objects.aggregate(
        last=Max("started_at"),
        job=Max(
            "started_at",
            filter=Q(status=TaskResultStatus.RUNNING, task_path__in=[tick.module_path, jobs.run_job.module_path]),
        ),
    )
    return WorkerActivity(last_started_at=row["last"], job_running_since=row["job"])


@receiver(task_finished)
def tick_failed(task_result, **_kwargs) -> None:
    """A tick that failed may have failed before it enqueued its successor: enqueue it, unless one
    waits. Should this fail too, the error ends the worker's run (django-tasks-db lets a receiver's
    error through), and the worker seeds the chain again as it starts over."""
    if task_result.task.module_path == tick.module_path and task_result.status == TaskResultStatus.FAILED:
        schedule_tick(run_after=clock.now() + timedelta(seconds=TICK_SECONDS))


def worker(*, worker_id: str, batch: bool, interval: float = WORKER_INTERVAL_SECONDS) -> Worker:
    """django-tasks-db's worker, as `manage.py db_worker` makes it (the default backend and queue)."""
    return Worker(
        queue_names=[DEFAULT_TASK_QUEUE_NAME],
        interval=interval,
        batch=batch,
        backend_name=DEFAULT_TASK_BACKEND_ALIAS,
        startup_delay=False,
        max_tasks=None,
        worker_id=worker_id,
        excluded_queue_names=[],
    )


class WorkerThread:
    """A task worker in a thread of this process (`make run`'s one daphne): seeds the tick, runs the
    tasks as they fall due, and survives the database's faults (SQLite's "database is locked" after
    its timeout, a lost connection): it logs them and starts again after a pause."""

    def __init__(self, *, interval: float = WORKER_INTERVAL_SECONDS):
        self.interval = interval
        self.stopping = threading.Event()
        self.worker = worker(worker_id=f"server-{secrets.token_hex(6)}", batch=False, interval=interval)
        self.thread = threading.Thread(target=self._run, name="task-worker", daemon=True)

    def _run(self) -> None:
        seeded = False
        try:
            while not self.stopping.is_set():
                try:
                    if not seeded:
                        seed_tick()
                        seeded = True
                    self.worker.run()  # returns only when stopped, or on a fault
                except OperationalError as error:
                    seeded = False  # the fault may have cost the tick chain its next link
                    logger.warning("Task worker: the database failed (%s); trying again", error)
                except Exception:
                    seeded = False
                    logger.exception("Task worker failed; trying again")
                finally:
                    close_old_connections()
                self.stopping.wait(self.interval)
        finally:
            connection.close()

    def start(self) -> "WorkerThread":
        self.thread.start()
        return self

    def stop(self, *, timeout: float = 10.0) -> None:
        """Let the task in hand finish (up to `timeout`), then end the thread."""
        self.stopping.set()
        self.worker.running = False
        self.thread.join(timeout)


_started: dict[str, WorkerThread | None] = {"thread": None}  # this process's worker thread


def start_worker_thread(*, interval: float = WORKER_INTERVAL_SECONDS) -> WorkerThread:
    """Start this process's worker thread once; answers it (`.stop()` ends it)."""
    thread = _started["thread"]
    if thread is None:
        thread = _started["thread"] = WorkerThread(interval=interval).start()
        atexit.register(thread.stop)  # a server that ends lets the task in hand finish
    return thread
