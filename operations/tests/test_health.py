"""/api/health: a busy database is not a broken one (issue 29). The other health tests are in
test_site.py; a database that cannot be reached in bank/tests/test_database_unreachable.py.
/health/live and /health/ready (issue 33); readiness with the database or Redis stopped, in the
production layout: test_readiness_layout.py."""

import os
import time
from datetime import timedelta

import pytest
from django.test import Client, override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from bank import outbox
from operations import health, jobs, tasks
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


# --- /health/live and /health/ready (issue 33, part 3) -----------------------------------------


def a_task_started(task, *, ago: timedelta, status: str = "SUCCESSFUL", **kwargs) -> None:
    result = task.enqueue(**kwargs)
    DBTaskResult.objects.filter(pk=result.id).update(status=status, started_at=timezone.now() - ago)


def test_liveness_answers_without_asking_anything(client, django_assert_num_queries, monkeypatch):
    def asked(*_args, **_kwargs):
        raise AssertionError("liveness asked a dependency")

    monkeypatch.setattr(health, "check_channel_layer", asked)
    with django_assert_num_queries(0):
        response = client.get("/health/live")
    assert response.status_code == 200
    assert response.json() == {"status": "ok"}
    assert "no-cache" in response["Cache-Control"]


@pytest.mark.django_db(transaction=True)  # the checks run in threads of their own
def test_readiness_is_ok_when_the_database_the_channel_layer_and_a_task_worker_answer(client):
    a_task_started(tasks.tick, ago=timedelta(seconds=20))
    response = client.get("/health/ready")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok", "task_worker": "ok"}


@pytest.mark.django_db(transaction=True)  # the checks run in threads of their own
def test_readiness_fails_while_no_task_worker_ever_ran(client):
    response = client.get("/health/ready")
    assert response.status_code == 503
    assert response.json()["task_worker"] == "error: no task worker has run"
    assert response.json()["status"] == "unavailable"


@pytest.mark.django_db(transaction=True)  # the checks run in threads of their own
def test_readiness_fails_when_no_task_started_for_three_ticks(client):
    a_task_started(tasks.tick, ago=tasks.WORKER_RAN_WITHIN + timedelta(seconds=5))
    response = client.get("/health/ready")
    assert response.status_code == 503
    assert response.json()["task_worker"].startswith("error: no task started within 180 s (the last at ")


@pytest.mark.django_db(transaction=True)  # the checks run in threads of their own
def test_a_worker_busy_delivering_messages_is_a_worker_that_runs(client):
    """Behind a backlog of messages the tick waits its turn: the worker is alive all the same."""
    a_task_started(tasks.tick, ago=timedelta(minutes=10))
    a_task_started(outbox.deliver, ago=timedelta(seconds=3), message_id=1)
    assert client.get("/health/ready").json()["task_worker"] == "ok"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("job_task", ["tick", "run_job"])
def test_a_daily_job_running_long_keeps_the_worker_ready_until_its_claim_ends(client, job_task):
    """The day's books check runs in the tick (or an officer's run now, run_job): one worker starts
    nothing else meanwhile. Up to jobs.CLAIM, the longest a job may run."""
    task, kwargs = (tasks.tick, {}) if job_task == "tick" else (jobs.run_job, {"name": "reconcile"})
    a_task_started(task, ago=timedelta(minutes=30), status="RUNNING", **kwargs)
    assert client.get("/health/ready").json()["task_worker"] == "ok"
    DBTaskResult.objects.update(started_at=timezone.now() - jobs.CLAIM - timedelta(minutes=1))
    assert client.get("/health/ready").status_code == 503


@pytest.mark.django_db(transaction=True)  # the checks run in threads of their own
def test_a_message_task_left_running_does_not_count(client):
    """A send never lasts long: a delivery task "running" for minutes belongs to a worker that died."""
    a_task_started(outbox.deliver, ago=timedelta(minutes=30), status="RUNNING", message_id=1)
    assert client.get("/health/ready").status_code == 503


@pytest.mark.django_db(transaction=True)  # the checks run in threads of their own
def test_readiness_names_a_channel_layer_that_fails(client, monkeypatch):
    a_task_started(tasks.tick, ago=timedelta(seconds=20))

    def broken():
        raise ConnectionError("Redis is away")

    monkeypatch.setattr(health, "check_channel_layer", broken)
    response = client.get("/health/ready")
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": "ok",
        "channel_layer": "error: ConnectionError",
        "task_worker": "ok",
    }


def test_readiness_answers_503_within_the_deadline_when_the_database_does_not_answer(client, monkeypatch):
    monkeypatch.setattr(health, "check_database", waiting_for_a_connection)
    monkeypatch.setattr(health, "check_task_worker", waiting_for_a_connection)
    monkeypatch.setattr(health, "database_busy", lambda: False)
    started = time.monotonic()
    response = client.get("/health/ready")
    assert time.monotonic() - started < 2
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": "error: no answer within 1.5 s",
        "channel_layer": "ok",
        "task_worker": "error: no answer within 1.5 s",
    }


def test_readiness_behind_a_busy_pool_is_busy_not_unavailable(client, monkeypatch):
    monkeypatch.setattr(health, "check_database", waiting_for_a_connection)
    monkeypatch.setattr(health, "check_task_worker", waiting_for_a_connection)
    monkeypatch.setattr(health, "database_busy", lambda: True)
    response = client.get("/health/ready")
    assert response.status_code == 200
    assert response.json() == {"status": "busy", "database": "busy", "channel_layer": "ok", "task_worker": "busy"}


@pytest.mark.parametrize("path", ["/health/live", "/health/ready"])
def test_health_paths_answer_reads_only(client, path):
    assert client.post(path).status_code == 405


@override_settings(SECURE_SSL_REDIRECT=True)
def test_health_and_metrics_are_not_redirected_to_https():
    """A load balancer's checks and a scraper speak plain HTTP inside the network (production redirects
    every other call to HTTPS)."""
    client = Client()  # made after the setting: its middleware reads it once
    assert client.get("/health/live").status_code == 200
    assert client.get("/health/ready").status_code in {200, 503}
    assert client.get("/metrics").status_code == 200
    assert client.get("/api/keep-alive/ping").status_code == 301
