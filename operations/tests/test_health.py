"""/api/health: a busy database is not a broken one (issue 29). The other health tests are in
test_site.py; a database that cannot be reached in bank/tests/test_database_unreachable.py."""

import os
import time

import pytest

from operations import health
from testkit.pool import every_pooled_connection_lent_out

pytestmark = pytest.mark.django_db
ON_POSTGRESQL = os.environ.get("DATABASE_URL", "").startswith("postgres")


def waiting_for_a_connection():
    time.sleep(health.CHECK_SECONDS + 1)  # as a check does behind every call when the pool is exhausted


def test_a_database_check_waiting_behind_a_busy_pool_answers_200_busy(api, monkeypatch):
    monkeypatch.setattr(health, "check_database", waiting_for_a_connection)
    monkeypatch.setattr(health, "database_busy", lambda: True)
    started = time.monotonic()
    response = api.get("/api/health")
    assert time.monotonic() - started < 2 * health.CHECK_SECONDS
    assert response.status_code == 200
    assert response.json() == {"status": "busy", "database": "busy", "channel_layer": "ok"}


def test_a_database_check_without_an_answer_while_the_pool_is_not_busy_answers_503(api, monkeypatch):
    monkeypatch.setattr(health, "check_database", waiting_for_a_connection)
    monkeypatch.setattr(health, "database_busy", lambda: False)
    response = api.get("/api/health")
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": "error: no answer within 1.5 s",
        "channel_layer": "ok",
    }


@pytest.mark.skipif(ON_POSTGRESQL, reason="SQLite has no connection pool to be busy")
def test_sqlite_is_never_busy():
    assert health.database_busy() is False


@pytest.mark.skipif(not ON_POSTGRESQL, reason="needs DATABASE_URL (PostgreSQL): the pool is PostgreSQL's")
@pytest.mark.django_db(transaction=True)
def test_health_answers_200_busy_while_every_pooled_connection_is_lent_out(api):
    """Under load the pool had no free connection for the check, and health answered 503: a load
    balancer took a serving server out."""
    with every_pooled_connection_lent_out() as taken:
        assert taken
        response = api.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"status": "busy", "database": "busy", "channel_layer": "ok"}
    assert api.get("/api/health").json()["status"] == "ok"  # the connections back: ok again
