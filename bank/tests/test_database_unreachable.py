"""A database that cannot be reached answers 503 within 2 s, not after the pool's whole wait; a pool
that is only busy still waits its turn (bank/postgresql/reachability.py, issue 29)."""

import os
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import psycopg
import pytest
from rest_framework_simplejwt.tokens import AccessToken

from bank.postgresql import reachability
from bank.postgresql.base import UNREACHABLE_WAIT_SECONDS
from testkit.pool import every_pooled_connection_lent_out
from testkit.servers import ROOT, call, free_port

ON_POSTGRESQL = os.environ.get("DATABASE_URL", "").startswith("postgres")
# a port nothing listens on: every attempt to connect is refused at once
CLOSED_PORT_URL = "postgres://postgres@127.0.0.1:1/unreachable"


@contextmanager
def server_without_its_database():
    """A server (as `make run` starts it) whose PostgreSQL cannot be reached."""
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "PYTEST_CURRENT_TEST"}}
    env |= {"DJANGO_SETTINGS_MODULE": "config.settings.test", "DATABASE_URL": CLOSED_PORT_URL}
    process = subprocess.Popen(
        [sys.executable, "-m", "config.server", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # the keep-alive needs no database: it answers once the server is up
            try:
                if call(base, "GET", "/api/keep-alive/ping")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


def timed(base: str, method: str, path: str, **options) -> tuple[int, dict, float]:
    started = time.monotonic()
    status, body = call(base, method, path, **options)
    return status, body, time.monotonic() - started


def a_signed_token() -> str:
    """Well formed and signed with the test settings' key: checking it needs the database."""
    token = AccessToken()
    token["user_id"], token["sid"] = 1, "no-such-session"
    return str(token)


@pytest.mark.bank_date(None)  # its server runs at the real time: so does the token it checks
def test_every_call_answers_503_within_2_s_when_the_database_cannot_be_reached():
    """Before: each call waited the pool's 5 s timeout for a connection that could never be made."""
    with server_without_its_database() as base:
        answers = [
            timed(base, "POST", "/api/login", body={"username": "Aria", "password": "guildbank1"}),  # the first
            timed(base, "GET", "/api/me", token=a_signed_token()),
            timed(base, "POST", "/api/login", body={"username": "Aria", "password": "guildbank1"}),
            timed(base, "GET", "/api/health"),
            timed(base, "GET", "/health/ready"),
            timed(base, "GET", "/health/live"),
        ]
    for status, body, seconds in answers[:3]:
        assert (status, body["code"]) == (503, "unavailable")
        assert "database" in body["detail"]
        assert seconds < 2, f"answered after {seconds:.1f} s"
    for status, body, seconds in answers[3:5]:
        assert (status, body["status"]) == (503, "unavailable") and body["database"].startswith("error")
        assert seconds < 2
    # liveness asks nothing: the process answers
    status, body, seconds = answers[5]
    assert (status, body) == (200, {"status": "ok"}) and seconds < 2


def test_an_attempt_to_connect_records_whether_the_server_answered(monkeypatch):
    monkeypatch.setattr(reachability, "_last_attempt_reached", None)
    with pytest.raises(psycopg.OperationalError):
        reachability.ReportingConnection.connect(host="127.0.0.1", port=1, dbname="unreachable", connect_timeout=2)
    assert reachability.server_reached() is False


@pytest.mark.skipif(not ON_POSTGRESQL, reason="needs DATABASE_URL (PostgreSQL): the pool is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_a_call_waits_past_the_short_wait_while_the_pool_is_only_busy():
    from django.db import connections

    answered = []

    def query_in_a_thread_of_its_own():
        try:
            with connections["default"].cursor() as cursor:
                cursor.execute("SELECT 1")
                answered.append(cursor.fetchone()[0])
        except Exception as error:  # noqa: BLE001 - the test reports what the call met
            answered.append(error)
        finally:
            connections["default"].close()

    with every_pooled_connection_lent_out() as taken:
        assert taken and reachability.server_reached() is True
        waiting = threading.Thread(target=query_in_a_thread_of_its_own)
        waiting.start()
        time.sleep(UNREACHABLE_WAIT_SECONDS + 0.5)  # longer than a call waits for a server that cannot be reached
        assert not answered, answered  # still waiting its turn, not refused
        connections["default"].pool.putconn(taken.pop())  # one call ends
        waiting.join(timeout=10)
    assert answered == [1]
