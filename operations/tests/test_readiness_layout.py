"""/health/ready in the production layout (issue 33, part 3): with the database stopped, then with Redis
stopped, readiness answers 503 naming the part within 2 s, while /health/live still answers 200; each
time, once the part is back, readiness answers 200 again by itself.

The layout reaches the test run's PostgreSQL through a TCP forwarder the test stops (new connections
refused, open ones cut: a stopped server) and starts again on the same port, and runs a Redis of its
own that the test stops and starts again on the same port.
"""

import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest
import redis
from django.db import connection

from operations.tests.test_redis_faults import REDIS_SERVER
from testkit.layout import production_layout
from testkit.servers import free_port
from testkit.tcp_proxy import TcpProxy

pytestmark = [
    pytest.mark.servers,
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs DATABASE_URL (PostgreSQL); .ci/run sets it",
    ),
    pytest.mark.django_db(transaction=True),
]


class StoppableRedis:
    """redis-server on a port of its own, stopped (the process ends) and started again on that port."""

    def __init__(self) -> None:
        self.port = free_port()
        self.folder = tempfile.mkdtemp(prefix="bank-redis-")
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [REDIS_SERVER, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--dir", self.folder],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url, socket_timeout=1).ping()
                return
            except redis.RedisError:
                assert time.monotonic() < deadline, "redis-server did not start"
                time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=10)
            self.process = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)


def ready(base_url: str, path: str = "/health/ready") -> tuple[int, dict, float]:
    started = time.monotonic()
    try:
        with urllib.request.urlopen(f"{base_url}{path}", timeout=10) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    return status, json.loads(raw), time.monotonic() - started


def ready_again(base_url: str, *, seconds: float) -> float:
    """How long until readiness answers 200 again."""
    started = time.monotonic()
    while (answer := ready(base_url))[0] != 200:
        assert time.monotonic() - started < seconds, f"not ready again within {seconds:g} s: {answer[1]}"
        time.sleep(0.5)
    return time.monotonic() - started


def test_readiness_fails_within_2_s_when_the_database_or_redis_stops_and_recovers_by_itself():
    settings = connection.settings_dict
    database = TcpProxy(settings["HOST"] or "127.0.0.1", int(settings["PORT"] or 5432)).start()
    database_url = f"postgres://{settings['USER']}@127.0.0.1:{database.port}/{settings['NAME']}"
    own_redis = StoppableRedis()
    own_redis.start()
    try:
        with production_layout(http_workers=1, DATABASE_URL=database_url, REDIS_URL=own_redis.url) as layout:
            base = layout.base_url
            ready_again(base, seconds=60)  # the task worker's first tick

            database.stop()
            try:
                status, body, seconds = ready(base)
                assert status == 503 and body["database"].startswith("error"), body
                assert body["status"] == "unavailable"
                assert seconds < 2, f"readiness took {seconds:.2f} s"
                assert ready(base, "/health/live")[:2] == (200, {"status": "ok"})
            finally:
                database.start()
            back = ready_again(base, seconds=30)
            print(f"database: 503 in {seconds:.2f} s; ready again {back:.1f} s after it came back")

            own_redis.stop()
            try:
                status, body, seconds = ready(base)
                assert status == 503 and body["channel_layer"].startswith("error"), body
                assert body["database"] == "ok"
                assert seconds < 2, f"readiness took {seconds:.2f} s"
                assert ready(base, "/health/live")[:2] == (200, {"status": "ok"})
            finally:
                own_redis.start()
            back = ready_again(base, seconds=30)
            print(f"Redis: 503 in {seconds:.2f} s; ready again {back:.1f} s after it came back")
    finally:
        own_redis.remove()
        database.stop()
