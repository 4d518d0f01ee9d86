"""`/metrics`: the bank's figures in Prometheus's text format (issue 33).

django-prometheus counts requests (by view, method and status, with their durations) and database
statements (the PostgreSQL backend, bank/postgresql/base.py); this module adds the bank's own:

- per process, kept by prometheus_client: the database pool's connections, those lent out and the
  calls waiting for one (`start_pool_sampler`, every POOL_SAMPLE_SECONDS), and the live sockets open
  (operations/consumers.py);
- read from the database at each scrape (`BankCollector`, a fixed five queries): the Discord outbox's
  backlog and its oldest message's age, the last books check's time and differences, each daily job's
  last run, and when a task worker last started a task.

Several processes (`make serve`: gunicorn's workers, the daphne processes, the task workers) each keep
their figures in files of PROMETHEUS_MULTIPROC_DIR (prometheus_client's multiprocess mode; deploy/serve
sets it and empties it at every start), and whichever process answers the scrape adds them up:
counters over every process that ever ran, the per-process gauges over the live ones only
(`livesum`; gunicorn marks a worker that ended, deploy/gunicorn.conf.py, and a scrape forgets the
gauges of any process that is gone). Without that variable (`make run`, the tests) the figures are this
process's own.

Who may read it (`access_refusal`): a client whose address is in BANK_METRICS_ALLOWED (loopback by
default), or one that sends `Authorization: Bearer <BANK_METRICS_TOKEN>`; no sign-in, no throttle.
"""

import hmac
import ipaddress
import logging
import os
import re
import threading
import time
from collections.abc import Iterable, Iterator
from datetime import datetime

from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, Gauge, generate_latest, multiprocess
from prometheus_client.core import GaugeMetricFamily, Metric

from accounts.throttles import client_address
from bank import clock, outbox
from bank.errors import error_body
from bank.postgresql.base import pool_in_use
from operations.backup import backup_status
from operations.jobs import JOBS
from operations.models import ReconcileRun, ScheduledJob
from operations.tasks import worker_activity

logger = logging.getLogger("operations.metrics")

POOL_SAMPLE_SECONDS = 2.0

# per process; in multiprocess mode the sum over the processes alive
POOL_CONNECTIONS = Gauge(
    "bank_db_pool_connections",
    "Database connections of the processes' pools: idle, lent out or being made.",
    multiprocess_mode="livesum",
)
POOL_IN_USE = Gauge(
    "bank_db_pool_connections_in_use", "Database connections lent out to calls now.", multiprocess_mode="livesum"
)
POOL_WAITING = Gauge(
    "bank_db_pool_requests_waiting",
    "Calls waiting for a free database connection now.",
    multiprocess_mode="livesum",
)
LIVE_SOCKETS = Gauge("bank_live_sockets", "Live sockets open (signed-in browser tabs).", multiprocess_mode="livesum")


# --- who may read it ---------------------------------------------------------------------------

NOT_FOUND = "No such page."
WRONG_TOKEN = "That is not the metrics token: send Authorization: Bearer <BANK_METRICS_TOKEN>."


def _address_allowed(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # ::ffff:127.0.0.1, as a dual-stack socket names an IPv4 client
    return any(ip in network for network in settings.BANK_METRICS_ALLOWED)


def access_refusal(request) -> JsonResponse | None:
    """None when the caller may read the figures. A caller that sends a credential must send the token
    (403 otherwise, wherever it calls from); one that sends none must call from an allowed address
    (404 otherwise: the page does not exist for it). The token is compared in constant time."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if header:
        scheme, _, given = header.partition(" ")
        token = settings.BANK_METRICS_TOKEN
        if token and scheme.lower() == "bearer" and hmac.compare_digest(given.strip().encode(), token.encode()):
            return None
        return JsonResponse(error_body(WRONG_TOKEN, "permission_denied"), status=403)
    if _address_allowed(client_address(request)):
        return None
    return JsonResponse(error_body(NOT_FOUND, "not_found"), status=404)


# --- figures read at each scrape ----------------------------------------------------------------


def _seconds(moment: datetime | None) -> float:
    """A moment as Prometheus's timestamps are (seconds since 1970); 0 for never."""
    return moment.timestamp() if moment is not None else 0.0


class BankCollector:
    """The bank's figures that live in its database, read when Prometheus asks: five queries whatever
    the data. A database that cannot be read leaves them out and says so (bank_figures_up 0); the
    rest of the page (requests, pools, sockets) is served all the same."""

    def collect(self) -> Iterator[Metric]:
        up = GaugeMetricFamily("bank_figures_up", "1 when the figures read from the database below were read.")
        try:
            figures = list(self._figures(clock.now()))
        except DatabaseError as error:
            logger.warning("Metrics: the bank's figures could not be read (%s)", type(error).__name__)
            up.add_metric([], 0)
            yield up
            return
        up.add_metric([], 1)
        yield up
        yield from figures

    @staticmethod
    def _figures(now: datetime) -> Iterator[Metric]:
        backlog = outbox.backlog()
        yield _gauge("bank_outbox_backlog", "Discord messages waiting to be delivered (tries left).", backlog.waiting)
        oldest = (now - backlog.oldest_waiting).total_seconds() if backlog.oldest_waiting else 0.0
        yield _gauge("bank_outbox_oldest_age_seconds", "Age of the oldest message waiting; 0 when none waits.", oldest)
        yield _gauge("bank_outbox_given_up", "Discord messages left undelivered after the last try.", backlog.given_up)

        books = ReconcileRun.objects.order_by("-checked_at", "-id").values("checked_at", "differences").first()
        yield _gauge(
            "bank_reconcile_last_run_timestamp_seconds",
            "When the books were last checked (reconcile); 0 for never.",
            _seconds(books["checked_at"] if books else None),
        )
        yield _gauge(
            "bank_reconcile_last_differences",
            "Accounts that differed from the ledger at the last check of the books.",
            len(books["differences"]) if books else 0,
        )

        rows = {row.name: row for row in ScheduledJob.objects.filter(name__in=list(JOBS))}
        started = GaugeMetricFamily(
            "bank_scheduled_job_last_run_timestamp_seconds",
            "When each daily job last started; 0 for never.",
            labels=["job"],
        )
        succeeded = GaugeMetricFamily(
            "bank_scheduled_job_last_success_timestamp_seconds",
            "When each daily job last succeeded; 0 for never.",
            labels=["job"],
        )
        failed = GaugeMetricFamily(
            "bank_scheduled_job_last_run_failed",
            "1 when each daily job's last finished run failed.",
            labels=["job"],
        )
        for name in JOBS:
            row = rows.get(name) or ScheduledJob(name=name)
            started.add_metric([name], _seconds(row.last_started_at))
            succeeded.add_metric([name], _seconds(row.last_succeeded_at))
            failed.add_metric([name], 1 if row.last_error else 0)
        yield from (started, succeeded, failed)

        backups = backup_status(now=now)
        verified_at = backups["last_verified_at"]
        yield _gauge(
            "bank_backups_enabled", "1 when the daily backup is on (BANK_BACKUP_DIR is set).", backups["enabled"]
        )
        yield _gauge(
            "bank_backup_last_verified_timestamp_seconds",
            "When the newest backup that passed its check was taken; 0 for never.",
            _seconds(verified_at),
        )
        yield _gauge(
            "bank_backup_last_verified_age_seconds",
            "Age of the newest backup that passed its check; 0 when there is none (see bank_backup_stale).",
            (now - verified_at).total_seconds() if verified_at else 0.0,
        )
        yield _gauge(
            "bank_backup_last_failed", "1 when the newest daily backup failed (or its check did).", backups["failed"]
        )
        yield _gauge(
            "bank_backup_stale",
            "1 when backups are on and no checked backup was taken in the last 26 hours (the Overview warns).",
            backups["stale"],
        )

        yield _gauge(
            "bank_task_worker_last_start_timestamp_seconds",
            "When a task worker last started a task; 0 for never.",
            _seconds(worker_activity().last_started_at),
        )


def _gauge(name: str, documentation: str, value: float) -> GaugeMetricFamily:
    return GaugeMetricFamily(name, documentation, value=value)


# --- the processes' figures ---------------------------------------------------------------------

_LIVE_GAUGE_FILE = re.compile(r"^gauge_live[a-z]+_(\d+)\.db$")


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, another user's
        return True
    return True


def forget_dead_processes(path: str) -> list[int]:
    """Drop the live gauges of processes that ended without saying so (killed, crashed: gunicorn says
    so for its workers, nobody for a daphne process or a task worker that supervisor restarts), with
    prometheus_client's own `mark_process_dead`; answers their ids. Their counters stay, as they must."""
    pids = {int(match.group(1)) for name in os.listdir(path) if (match := _LIVE_GAUGE_FILE.match(name))}
    dead = sorted(pid for pid in pids if not _process_alive(pid))
    for pid in dead:
        multiprocess.mark_process_dead(pid, path)
    return dead


class _ThisProcess:
    """The default registry's figures (this process's, with its CPU and memory), when one process serves."""

    def collect(self) -> Iterable[Metric]:
        return REGISTRY.collect()


def registry() -> CollectorRegistry:
    """What a scrape reads: every process's figures (multiprocess mode) or this one's, and the bank's."""
    scraped = CollectorRegistry()
    path = os.environ.get("PROMETHEUS_MULTIPROC_DIR")
    if path:
        forget_dead_processes(path)
        multiprocess.MultiProcessCollector(scraped, path=path)
    else:
        scraped.register(_ThisProcess())
    scraped.register(BankCollector())
    return scraped


@never_cache
@require_safe
def metrics_view(request):
    refusal = access_refusal(request)
    if refusal is not None:
        return refusal
    return HttpResponse(generate_latest(registry()), content_type=CONTENT_TYPE_LATEST)


# --- the pool's figures, sampled in each process ------------------------------------------------


def sample_pool() -> bool:
    """Record this process's pool figures now; False while it has none (SQLite; no call took a
    connection yet)."""
    pool = pool_in_use()
    if pool is None:
        return False
    stats = pool.get_stats()
    size, available = stats.get("pool_size", 0), stats.get("pool_available", 0)
    POOL_CONNECTIONS.set(size)
    POOL_IN_USE.set(max(size - available, 0))
    POOL_WAITING.set(stats.get("requests_waiting", 0))
    return True


_sampler: dict[str, threading.Thread | None] = {"thread": None}


def start_pool_sampler(*, interval: float = POOL_SAMPLE_SECONDS) -> threading.Thread | None:
    """Sample this process's pool every `interval` seconds in a thread of its own, once per process
    (config/wsgi.py, config/asgi.py, the task worker): a pool's figures can only be read inside the
    process that holds it. None on SQLite."""
    if _sampler["thread"] is not None or connection.vendor != "postgresql":
        return _sampler["thread"]

    def run() -> None:
        while True:
            try:
                sample_pool()
            except Exception:  # a sample is missed, never the process
                logger.exception("Metrics: the pool could not be sampled")
            time.sleep(interval)

    thread = _sampler["thread"] = threading.Thread(target=run, name="pool-metrics", daemon=True)
    thread.start()
    return thread
