"""The daily jobs run by themselves once a day, once whatever the number of schedulers, and say when."""

import time
from datetime import datetime, timedelta
from datetime import time as clock
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from bank import jobs
from bank.core.models import ScheduledJob
from bank.core.testing.queries import AUTH_QUERIES
from bank.core.testing.threads import run_at_once
from lending.models import SavingsWeek
from lending.tests.factories import SavingsFactory

JOBS_URL = "/api/admin/jobs"


def overdue_savings():
    """An account opened three weeks and a day ago: weeks 1 to 3 are overdue."""
    return SavingsFactory(start_date=timezone.localdate() - timedelta(days=22))


def test_the_overdue_run_runs_once_a_day_and_records_what_it_did(db):
    savings = overdue_savings()
    assert jobs.run_due() == ["overdue_savings", "reconcile"]
    assert SavingsWeek.objects.filter(savings=savings, status="Not Paid", auto_processed=True).count() == 3
    row = ScheduledJob.objects.get(name="overdue_savings")
    assert row.last_outcome == "Marked 3 overdue weeks Not Paid in 1 savings account."
    assert row.last_succeeded_at is not None and row.claimed_until is None
    assert jobs.run_due() == []  # the same day: done
    assert jobs.run_due(now=timezone.now() + timedelta(days=1)) == ["overdue_savings", "reconcile"]  # the next day


@pytest.mark.django_db(transaction=True)
def test_several_schedulers_at_once_run_the_job_once():
    overdue_savings()
    results = run_at_once(lambda _index: jobs.run_due(), threads=6)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sorted(name for result in results for name in result) == ["overdue_savings", "reconcile"]
    assert SavingsWeek.objects.count() == 3


def test_a_failed_run_is_recorded_and_tried_again_ten_minutes_later(db, monkeypatch):
    def broken() -> str:
        raise RuntimeError("the database said no")

    monkeypatch.setattr(jobs, "JOBS", {"overdue_savings": jobs.Job("overdue_savings", "Overdue savings run", broken)})
    assert jobs.run_due() == ["overdue_savings"]
    row = ScheduledJob.objects.get(name="overdue_savings")
    assert (row.last_succeeded_at, row.claimed_until) == (None, None)
    assert row.last_error == "RuntimeError: the database said no"
    assert jobs.run_due(now=timezone.now() + timedelta(minutes=5)) == []
    assert jobs.run_due(now=timezone.now() + timedelta(minutes=11)) == ["overdue_savings"]


def test_a_job_held_by_another_scheduler_is_left_alone_until_its_claim_ends(db):
    # at noon: an hour later is the same day whatever the hour the test runs (at 23:30 it was the next)
    noon = timezone.make_aware(datetime.combine(timezone.localdate(), clock(12)))
    ScheduledJob.objects.create(name="overdue_savings", claimed_until=noon + timedelta(minutes=30))
    assert jobs.run_due(now=noon) == ["reconcile"]
    assert jobs.run_due(now=noon + jobs.CLAIM) == ["overdue_savings"]


def test_admins_read_when_each_job_last_ran_and_when_it_runs_next(admin_api, django_assert_num_queries):
    overdue_savings()
    with django_assert_num_queries(AUTH_QUERIES + 2):  # the jobs, the latest books check
        before = admin_api.get(JOBS_URL).json()["results"]
    today = timezone.localdate().isoformat()
    assert [(job["name"], job["last_started_at"], job["next_run_on"]) for job in before] == [
        ("overdue_savings", None, today),
        ("reconcile", None, today),
    ]
    jobs.run_due()
    job, books = admin_api.get(JOBS_URL).json()["results"]
    assert books["last_outcome"] == "The books balance: 2 accounts checked."
    assert job["title"] == "Overdue savings run"
    assert job["last_outcome"] == "Marked 3 overdue weeks Not Paid in 1 savings account."
    assert job["running"] is False
    assert job["next_run_on"] == (timezone.localdate() + timedelta(days=1)).isoformat()


def test_players_cannot_read_the_jobs(player_api):
    assert player_api.get(JOBS_URL).status_code == 403


def test_the_command_runs_what_is_due_and_lists_the_last_runs(db):
    overdue_savings()
    out = StringIO()
    call_command("run_scheduler", stdout=out)
    assert "Ran 2 job(s): overdue_savings, reconcile." in out.getvalue()
    out = StringIO()
    call_command("run_scheduler", "--list", stdout=out)
    assert "Overdue savings run: last ran " in out.getvalue()
    assert "Marked 3 overdue weeks Not Paid in 1 savings account." in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_the_background_scheduler_runs_the_overdue_run_while_the_server_runs(monkeypatch):
    savings = overdue_savings()
    monkeypatch.setitem(jobs._scheduler, "stop", None)
    stop = jobs.start_background_scheduler(interval=0.05)
    try:
        deadline = time.monotonic() + 10
        while not SavingsWeek.objects.filter(savings=savings).exists() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        stop.set()
    assert SavingsWeek.objects.filter(savings=savings).count() == 3
