"""Health and keep-alive: no authentication, JSON answers.

- `/health/live`: the process answers; it asks nothing else (a supervisor restarts a process that
  does not answer it);
- `/health/ready`: the database, the channel layer and the task workers, within CHECK_SECONDS
  (a load balancer sends calls only to a server that answers it 200);
- `/api/health`: the database and the channel layer (its answer since issue 19), and the
  keep-alive paths of the specification (`/api/keep-alive/ping` ...), which ask nothing.
"""

import asyncio
import time
import uuid
from concurrent.futures import ThreadPoolExecutor, wait
from typing import TYPE_CHECKING, cast

from asgiref.sync import async_to_sync
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bank import clock, live
from bank.postgresql import reachability
from operations.tasks import WORKER_RAN_WITHIN, worker_activity

if TYPE_CHECKING:
    from django.db.backends.postgresql import base as postgresql

# The whole check answers within this long, whatever hangs: a load balancer asking "is this server
# healthy?" must get an answer (503 naming the part that did not answer), not a wait.
CHECK_SECONDS = 1.5
# a readiness check runs two of its checks here: a database that hangs holds them up to its connect
# timeout (2 s), while the load balancer asks every few seconds
_checks = ThreadPoolExecutor(max_workers=8, thread_name_prefix="health")


async def _channel_layer_round_trip() -> None:
    layer = live.notify_layer()
    channel = await layer.new_channel("health.")
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "health.ping", "token": token})
    message = await layer.receive(channel)
    if message.get("token") != token:
        raise RuntimeError("channel layer answered another message")


def database_busy() -> bool:
    """True when the database answers but every connection of this process's pool is lent out: a
    check then waits its turn behind the calls, which is load, not a fault. Only PostgreSQL has the pool."""
    if connection.vendor != "postgresql":
        return False
    # the stubs type the connection as any backend's; only PostgreSQL's has the pool
    backend: postgresql.DatabaseWrapper = cast("postgresql.DatabaseWrapper", connection)
    pool = backend.pool
    if pool is None:
        return False
    return reachability.server_reached() is True and pool.get_stats().get("pool_available", 0) == 0


def check_database() -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()  # this check's thread gives its connection back (the pool)


def check_task_worker() -> str:
    """The task workers' part: "ok" when one started a task lately (operations.tasks.WorkerActivity),
    else an error saying what they last did. One query."""
    try:
        activity = worker_activity()
    finally:
        connection.close()  # this check's thread gives its connection back (the pool)
    if activity.ran_recently(clock.now()):
        return "ok"
    if activity.last_started_at is None:
        return "error: no task worker has run"
    return (
        f"error: no task started within {WORKER_RAN_WITHIN.total_seconds():.0f} s "
        f"(the last at {activity.last_started_at.isoformat()})"
    )


def check_channel_layer() -> None:
    async def bounded() -> None:
        await asyncio.wait_for(_channel_layer_round_trip(), timeout=CHECK_SECONDS)

    async_to_sync(bounded)()


class HealthOut(serializers.Serializer):
    status = serializers.CharField()
    database = serializers.CharField()
    channel_layer = serializers.CharField()


class AliveOut(serializers.Serializer):
    status = serializers.CharField()
    time = serializers.DateTimeField()


def health(*, deadline: float | None = None) -> dict:
    """Both checks, within CHECK_SECONDS in all (or by `deadline`, a time.monotonic()): the database's
    in a thread of its own (a pool that has no free connection waits longer than that), the channel
    layer's through the server's event loop with a time limit, as the notices go. A database that does not answer in time because the
    pool is busy (every connection lent out, the server answering) is "busy", not a fault: the server
    is serving, and a load balancer that took it out would only move its load to the others."""
    body = {"status": "ok", "database": "ok", "channel_layer": "ok"}
    deadline = deadline or time.monotonic() + CHECK_SECONDS
    database = _checks.submit(check_database)
    try:
        check_channel_layer()
    except Exception as error:  # noqa: BLE001 - a health check reports every failure, whatever its kind
        body["channel_layer"] = f"error: {type(error).__name__}"
    wait([database], timeout=max(0.0, deadline - time.monotonic()))
    if not database.done():
        body["database"] = "busy" if database_busy() else "error: no answer within 1.5 s"
    elif database.exception() is not None:
        body["database"] = f"error: {type(database.exception()).__name__}"
    return _with_status(body)


def _with_status(body: dict) -> dict:
    """The body with its status: "unavailable" when a part failed, "busy" when one waited behind a
    busy pool, else "ok"."""
    parts = [value for name, value in body.items() if name != "status"]
    if any(value.startswith("error") for value in parts):
        body["status"] = "unavailable"
    elif "busy" in parts:
        body["status"] = "busy"
    else:
        body["status"] = "ok"
    return body


def readiness() -> dict:
    """health()'s two checks and the task workers' (check_task_worker, in a thread of its own beside
    the database's), all within CHECK_SECONDS. A worker check that waits behind a busy pool is "busy",
    as the database's is."""
    deadline = time.monotonic() + CHECK_SECONDS
    worker = _checks.submit(check_task_worker)
    body = health(deadline=deadline)
    wait([worker], timeout=max(0.0, deadline - time.monotonic()))
    if not worker.done():
        body["task_worker"] = "busy" if body["database"] == "busy" else "error: no answer within 1.5 s"
    elif worker.exception() is not None:
        body["task_worker"] = f"error: {type(worker.exception()).__name__}"
    else:
        body["task_worker"] = worker.result()
    return _with_status(body)


@never_cache
@require_safe
def live_view(request):
    """`/health/live`: 200 while the process serves; reads nothing (no database, no Redis)."""
    return JsonResponse({"status": "ok"})


@never_cache
@require_safe
def ready_view(request):
    """`/health/ready`: 200 `ok` (or `busy` while every database connection is lent out), 503
    `unavailable` naming the part that failed: the database, the channel layer or the task workers."""
    body = readiness()
    return JsonResponse(body, status=503 if body["status"] == "unavailable" else 200)


class HealthApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    # 200 `ok`, or `busy` while every database connection is in use; 503 `unavailable` naming what did
    # not answer (docs/api-contract.md)
    @extend_schema(responses={200: HealthOut, 503: HealthOut}, summary="Database and channel layer both answer")
    def get(self, request):
        body = health()
        return Response(HealthOut(body).data, status=503 if body["status"] == "unavailable" else 200)


class AliveApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    needs_no_database = True

    @extend_schema(responses={200: AliveOut}, summary="Keep-alive: the server is up")
    def get(self, request):
        # the time as isoformat() writes it ("+00:00"), which DateTimeField passes through as given
        return Response(AliveOut({"status": "ok", "time": clock.now().isoformat()}).data)
