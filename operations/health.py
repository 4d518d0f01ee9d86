"""Health and keep-alive: no authentication, JSON answers."""

import asyncio
import time
import uuid
from concurrent.futures import ThreadPoolExecutor, wait
from typing import TYPE_CHECKING, cast

from asgiref.sync import async_to_sync
from django.db import connection
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bank import clock, live
from bank.postgresql import reachability

if TYPE_CHECKING:
    from django.db.backends.postgresql import base as postgresql

# The whole check answers within this long, whatever hangs: a load balancer asking "is this server
# healthy?" must get an answer (503 naming the part that did not answer), not a wait.
CHECK_SECONDS = 1.5
_checks = ThreadPoolExecutor(max_workers=4, thread_name_prefix="health")


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


def health() -> dict:
    """Both checks, within CHECK_SECONDS in all: the database's in a thread of its own (a pool that
    has no free connection waits longer than that), the channel layer's through the server's event
    loop with a time limit, as the notices go. A database that does not answer in time because the
    pool is busy (every connection lent out, the server answering) is "busy", not a fault: the server
    is serving, and a load balancer that took it out would only move its load to the others."""
    body = {"status": "ok", "database": "ok", "channel_layer": "ok"}
    deadline = time.monotonic() + CHECK_SECONDS
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
    if "error" in body["database"] or "error" in body["channel_layer"]:
        body["status"] = "unavailable"
    elif body["database"] == "busy":
        body["status"] = "busy"
    return body


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
