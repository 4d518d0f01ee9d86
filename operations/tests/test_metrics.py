"""/metrics (issue 33, part 1): who may read it, the bank's figures read at each scrape (a fixed number
of queries), and the library's. Across several processes: test_metrics_layout.py."""

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from django.db import OperationalError
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from prometheus_client.parser import text_string_to_metric_families

from bank import outbox
from bank.models import OutboxMessage
from operations import metrics, tasks
from operations.models import BackupRun, ReconcileRun, ScheduledJob

pytestmark = pytest.mark.django_db
ON_POSTGRESQL = os.environ.get("DATABASE_URL", "").startswith("postgres")
TOKEN = "metrics-token-Zq8vN3kP0xW7rT2yL5cH9bJ4"


def figures(text: str) -> dict[str, float]:
    """Every sample of the page by its name and labels: {'bank_outbox_backlog': 3.0, 'x{job="a"}': 1.0}."""
    found = {}
    for family in text_string_to_metric_families(text):
        for sample in family.samples:
            labels = ",".join(f'{key}="{value}"' for key, value in sorted(sample.labels.items()))
            found[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return found


def scrape(api, **extra):
    return api.get("/metrics", **extra)


# --- who may read it ---------------------------------------------------------------------------


def test_a_scraper_on_the_machine_reads_the_figures_with_no_token_and_no_sign_in(api):
    response = scrape(api)  # the test client calls from 127.0.0.1
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    found = figures(response.content.decode())
    assert found["bank_figures_up"] == 1
    # the library's request figures, counted by its middleware
    assert found["django_http_requests_before_middlewares_total"] >= 1


@pytest.mark.parametrize("address", ["::1", "::ffff:127.0.0.1", "127.0.0.9"])
def test_every_loopback_address_is_allowed_by_default(api, address):
    assert scrape(api, REMOTE_ADDR=address).status_code == 200


@pytest.mark.parametrize("address", ["203.0.113.9", "10.0.0.5", "2001:db8::1", "not-an-address"])
def test_any_other_address_without_a_token_gets_404_in_the_error_shape(api, address):
    response = scrape(api, REMOTE_ADDR=address)
    assert response.status_code == 404
    assert response.json() == {"detail": metrics.NOT_FOUND, "code": "not_found", "fields": {}}


@override_settings(BANK_METRICS_TOKEN=TOKEN)
def test_the_token_opens_it_from_anywhere(api):
    response = scrape(api, REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200
    assert figures(response.content.decode())["bank_figures_up"] == 1


@override_settings(BANK_METRICS_TOKEN=TOKEN)
@pytest.mark.parametrize(
    "header", [f"Bearer {TOKEN}x", f"Bearer {TOKEN[:-1]}", "Bearer ", f"Basic {TOKEN}", "Bearer a-session-jwt"]
)
@pytest.mark.parametrize("address", ["203.0.113.9", "127.0.0.1"])
def test_a_credential_that_is_not_the_token_gets_403_from_anywhere(api, header, address):
    response = scrape(api, REMOTE_ADDR=address, HTTP_AUTHORIZATION=header)
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"


def test_with_no_token_set_every_credential_is_refused(api, settings):
    assert settings.BANK_METRICS_TOKEN == ""
    assert scrape(api, HTTP_AUTHORIZATION="Bearer ").status_code == 403
    assert scrape(api, REMOTE_ADDR="203.0.113.9", HTTP_AUTHORIZATION="Bearer anything").status_code == 403


def test_behind_a_proxy_the_address_is_the_one_the_proxy_names(api, settings):
    """As the sign-in throttle reads it (BANK_NUM_PROXIES): X-Forwarded-For is believed only then."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    assert scrape(api, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.9").status_code == 404
    assert scrape(api, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="127.0.0.1").status_code == 200


def test_without_a_proxy_x_forwarded_for_is_not_believed(api):
    assert scrape(api, REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="127.0.0.1").status_code == 404


def test_only_reads_are_answered(api):
    assert api.post("/metrics").status_code == 405
    assert api.head("/metrics").status_code == 200


# --- the bank's figures ------------------------------------------------------------------------


def queued(*, created_ago: timedelta = timedelta(0), **fields) -> OutboxMessage:
    message = OutboxMessage.objects.create(kind="test", content="hello", next_attempt_at=timezone.now(), **fields)
    OutboxMessage.objects.filter(pk=message.pk).update(created_at=timezone.now() - created_ago)
    return message


def a_task_started(task, *, ago: timedelta, status: str = "SUCCESSFUL", **kwargs) -> None:
    result = task.enqueue(**kwargs)
    DBTaskResult.objects.filter(pk=result.id).update(status=status, started_at=timezone.now() - ago)


def test_an_outbox_backlog_shows_its_size_and_its_oldest_messages_age(api):
    queued(created_ago=timedelta(hours=2))
    queued(created_ago=timedelta(minutes=5), attempts=3)
    queued()
    queued(created_ago=timedelta(days=3), attempts=outbox.MAX_ATTEMPTS)  # given up: not waiting any more
    queued(created_ago=timedelta(days=4), delivered_at=timezone.now())

    found = figures(scrape(api).content.decode())

    assert found["bank_outbox_backlog"] == 3
    assert 7200 <= found["bank_outbox_oldest_age_seconds"] < 7200 + 60
    assert found["bank_outbox_given_up"] == 1


def test_with_no_backlog_the_oldest_age_is_0(api):
    queued(delivered_at=timezone.now())
    found = figures(scrape(api).content.decode())
    assert (found["bank_outbox_backlog"], found["bank_outbox_oldest_age_seconds"]) == (0, 0)


def test_the_last_books_check_shows_when_and_how_many_accounts_differed(api):
    checked = timezone.now() - timedelta(hours=3)
    ReconcileRun.objects.create(checked_at=checked - timedelta(days=1), accounts_checked=9, differences=[])
    ReconcileRun.objects.create(
        checked_at=checked, accounts_checked=9, differences=[{"account": "savings 1"}, {"account": "loan 2"}]
    )

    found = figures(scrape(api).content.decode())

    assert found["bank_reconcile_last_run_timestamp_seconds"] == pytest.approx(checked.timestamp())
    assert found["bank_reconcile_last_differences"] == 2


def test_each_daily_job_shows_its_last_run_its_last_success_and_whether_it_failed(api):
    ran = timezone.now() - timedelta(hours=5)
    ScheduledJob.objects.create(
        name="reconcile", last_started_at=ran, last_finished_at=ran, last_succeeded_at=ran - timedelta(days=1)
    )
    ScheduledJob.objects.filter(name="reconcile").update(last_error="OperationalError: gone")

    found = figures(scrape(api).content.decode())

    assert found['bank_scheduled_job_last_run_timestamp_seconds{job="reconcile"}'] == pytest.approx(ran.timestamp())
    assert found['bank_scheduled_job_last_success_timestamp_seconds{job="reconcile"}'] == pytest.approx(
        (ran - timedelta(days=1)).timestamp()
    )
    assert found['bank_scheduled_job_last_run_failed{job="reconcile"}'] == 1
    # a job that never ran is listed too, with 0 for never
    assert found['bank_scheduled_job_last_run_timestamp_seconds{job="overdue_savings"}'] == 0
    assert found['bank_scheduled_job_last_run_failed{job="overdue_savings"}'] == 0


def test_the_task_workers_last_start_is_shown(api):
    assert figures(scrape(api).content.decode())["bank_task_worker_last_start_timestamp_seconds"] == 0
    a_task_started(tasks.tick, ago=timedelta(seconds=30))
    found = figures(scrape(api).content.decode())
    assert found["bank_task_worker_last_start_timestamp_seconds"] == pytest.approx(
        (timezone.now() - timedelta(seconds=30)).timestamp(), abs=5
    )


def test_the_last_backups_age_and_state_are_shown_and_a_27_hour_old_one_is_stale(api, settings, tmp_path):
    settings.BANK_BACKUP_DIR = ""
    found = figures(scrape(api).content.decode())
    assert found["bank_backups_enabled"] == 0
    assert found["bank_backup_stale"] == 0  # off is said by bank_backups_enabled, not as a stale backup

    settings.BANK_BACKUP_DIR = str(tmp_path)
    found = figures(scrape(api).content.decode())
    assert (found["bank_backups_enabled"], found["bank_backup_stale"]) == (1, 1)  # none made yet
    assert found["bank_backup_last_verified_timestamp_seconds"] == 0

    taken = timezone.now() - timedelta(hours=3)
    BackupRun.objects.create(created_at=taken, directory=str(tmp_path), state=BackupRun.State.VERIFIED)
    found = figures(scrape(api).content.decode())
    assert found["bank_backup_last_verified_timestamp_seconds"] == pytest.approx(taken.timestamp())
    assert found["bank_backup_last_verified_age_seconds"] == pytest.approx(3 * 3600, abs=5)
    assert (found["bank_backup_stale"], found["bank_backup_last_failed"]) == (0, 0)

    BackupRun.objects.filter(state=BackupRun.State.VERIFIED).update(created_at=timezone.now() - timedelta(hours=27))
    failed = timezone.now() - timedelta(minutes=5)
    BackupRun.objects.create(created_at=failed, directory=str(tmp_path), state=BackupRun.State.FAILED, detail="gone")
    found = figures(scrape(api).content.decode())
    assert found["bank_backup_last_verified_age_seconds"] == pytest.approx(27 * 3600, abs=5)
    assert (found["bank_backup_stale"], found["bank_backup_last_failed"]) == (1, 1)


@pytest.mark.parametrize("rows", [0, 30])
def test_the_bank_figures_take_five_queries_whatever_the_data(django_assert_num_queries, rows, tmp_path):
    for index in range(rows):
        queued(created_ago=timedelta(minutes=index))
        ReconcileRun.objects.create(checked_at=timezone.now(), accounts_checked=1, differences=[{"n": index}])
        a_task_started(tasks.tick, ago=timedelta(seconds=index))
        BackupRun.objects.create(created_at=timezone.now(), directory=str(tmp_path), state=BackupRun.State.VERIFIED)
    for name in ("reconcile", "overdue_savings"):
        ScheduledJob.objects.get_or_create(name=name)
    with django_assert_num_queries(5):
        collected = list(metrics.BankCollector().collect())
    assert len(collected) == 15


def test_a_database_that_cannot_be_read_leaves_the_bank_figures_out_and_serves_the_rest(api, monkeypatch):
    def unreachable():
        raise OperationalError("the database cannot be reached")

    monkeypatch.setattr(outbox, "backlog", unreachable)
    response = scrape(api)
    assert response.status_code == 200
    found = figures(response.content.decode())
    assert found["bank_figures_up"] == 0
    assert "bank_outbox_backlog" not in found
    assert found["django_http_requests_before_middlewares_total"] >= 1


# --- the processes' figures --------------------------------------------------------------------


@pytest.mark.skipif(ON_POSTGRESQL, reason="SQLite has no pool")
def test_sqlite_has_no_pool_to_sample():
    assert metrics.sample_pool() is False
    assert metrics.start_pool_sampler() is None


@pytest.mark.skipif(not ON_POSTGRESQL, reason="needs DATABASE_URL (PostgreSQL): the pool is PostgreSQL's")
def test_the_pool_figures_are_this_processs_pool(api):
    from prometheus_client import REGISTRY

    from bank.postgresql.base import pool_in_use

    ReconcileRun.objects.exists()  # a call takes a connection from the pool
    pool = pool_in_use()
    assert pool is not None
    # one lent out for the sample (the test's own connection may be from a pool an earlier test of
    # this process closed: Django's test set-up and database tests close and remake pools)
    lent = pool.getconn(timeout=5)
    try:
        assert metrics.sample_pool() is True
        assert REGISTRY.get_sample_value("bank_db_pool_connections") >= 1
        assert REGISTRY.get_sample_value("bank_db_pool_connections_in_use") >= 1
        assert REGISTRY.get_sample_value("bank_db_pool_requests_waiting") == 0
    finally:
        pool.putconn(lent)
    found = figures(scrape(api).content.decode())
    assert "bank_db_pool_connections_in_use" in found
    # the library's database figures, counted by its backend (bank/postgresql/base.py)
    assert found['django_db_execute_total{alias="default",vendor="postgresql"}'] >= 1


def a_dead_process() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def test_a_scrape_forgets_the_live_gauges_of_processes_that_are_gone(tmp_path):
    dead, alive = a_dead_process(), os.getpid()
    for name in (f"gauge_livesum_{dead}.db", f"gauge_liveall_{dead}.db", f"counter_{dead}.db"):
        (tmp_path / name).write_bytes(b"")
    (tmp_path / f"gauge_livesum_{alive}.db").write_bytes(b"")

    assert metrics.forget_dead_processes(str(tmp_path)) == [dead]

    # the dead process's gauges are gone, its counters stay (they count what happened), the live one stays
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        [f"counter_{dead}.db", f"gauge_livesum_{alive}.db"]
    )


def test_in_multiprocess_mode_the_page_adds_up_every_processs_files(tmp_path, monkeypatch):
    """Two processes' counter files in PROMETHEUS_MULTIPROC_DIR: the scrape adds them up."""
    script = (
        "from prometheus_client import Counter; "
        "Counter('bank_test_calls', 'calls', ['view']).labels(view='keep-alive').inc({n})"
    )
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": str(tmp_path)}
    for n in (3, 4):
        subprocess.run([sys.executable, "-c", script.format(n=n)], env=env, check=True)
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path))

    text = metrics.generate_latest(metrics.registry()).decode()

    assert figures(text)['bank_test_calls_total{view="keep-alive"}'] == 7
    assert figures(text)["bank_figures_up"] == 1


@pytest.mark.parametrize("length", ["abc", "-1", "1.5", "١٢"])
def test_a_content_length_that_is_not_a_number_answers_400_never_500(api, length):
    """django-prometheus's middleware reads the header as a number (bank.middleware.ContentLengthMiddleware)."""
    for method, path in (("GET", "/api/keep-alive/ping"), ("POST", "/api/login"), ("GET", "/metrics")):
        response = api.generic(method, path, b"", content_type="application/json", CONTENT_LENGTH=length)
        assert response.status_code == 400, (method, path, response.content)
        assert response.json()["code"] == "parse_error"
