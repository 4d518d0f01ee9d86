"""The daily jobs run by themselves once a day, once whatever the number of workers, and say when.
They run as django.tasks tasks (database backend): a minute tick that reschedules itself runs what is
due (operations/tasks.py), and an officer's request enqueues the job's own task."""

import time
from datetime import datetime, timedelta
from datetime import time as clock
from io import StringIO

import pytest
import time_machine
from django.core.management import call_command
from django.db import OperationalError
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.management.commands.db_worker import Worker
from django_tasks_db.models import DBTaskResult

from lending.models import SavingsWeek
from lending.tests.factories import SavingsFactory
from operations import jobs, tasks
from operations.models import ScheduledJob
from testkit.queries import AUTH_QUERIES
from testkit.threads import run_at_once

JOBS_URL = "/api/admin/jobs"


def overdue_savings():
    """An account opened three weeks and a day ago: weeks 1 to 3 are overdue."""
    return SavingsFactory(start_date=timezone.localdate() - timedelta(days=22))


def test_the_overdue_run_runs_once_a_day_and_records_what_it_did(db):
    savings = overdue_savings()
    assert jobs.run_due() == ["overdue_savings", "reconcile", "bank_health"]
    assert SavingsWeek.objects.filter(savings=savings, status="Not Paid", auto_processed=True).count() == 3
    row = ScheduledJob.objects.get(name="overdue_savings")
    assert row.last_outcome == "Marked 3 overdue weeks Not Paid in 1 savings account."
    assert row.last_succeeded_at is not None and row.claimed_until is None
    assert jobs.run_due() == []  # the same day: done
    assert jobs.run_due(now=timezone.now() + timedelta(days=1)) == [
        "overdue_savings",
        "reconcile",
        "bank_health",
    ]  # the next day


@pytest.mark.django_db(transaction=True)
def test_several_schedulers_at_once_run_the_job_once():
    overdue_savings()
    results = run_at_once(lambda _index: jobs.run_due(), threads=6)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sorted(name for result in results for name in result) == ["bank_health", "overdue_savings", "reconcile"]
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
    assert jobs.run_due(now=noon) == ["reconcile", "bank_health"]
    assert jobs.run_due(now=noon + jobs.CLAIM) == ["overdue_savings"]


def test_admins_read_when_each_job_last_ran_and_when_it_runs_next(admin_api, django_assert_num_queries):
    overdue_savings()
    with django_assert_num_queries(AUTH_QUERIES + 2):  # the jobs, the latest books check
        before = admin_api.get(JOBS_URL).json()["results"]
    today = timezone.localdate().isoformat()
    assert [(job["name"], job["last_started_at"], job["next_run_on"]) for job in before] == [
        ("overdue_savings", None, today),
        ("reconcile", None, today),
        ("bank_health", None, today),
    ]
    jobs.run_due()
    job, books, _health = admin_api.get(JOBS_URL).json()["results"]
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
    assert "Ran 3 job(s): overdue_savings, reconcile, bank_health." in out.getvalue()
    out = StringIO()
    call_command("run_scheduler", "--list", stdout=out)
    assert "Overdue savings run: last ran " in out.getvalue()
    assert "Marked 3 overdue weeks Not Paid in 1 savings account." in out.getvalue()


# --- as tasks: the tick, the workers ----------------------------------------------------------------


def ticks(**filters) -> list[DBTaskResult]:
    return list(DBTaskResult.objects.filter(task_path=tasks.tick.module_path, **filters).order_by("enqueued_at"))


def waiting_ticks() -> list[DBTaskResult]:
    return ticks(status=TaskResultStatus.READY)


def run_worker(worker_id: str = "worker-1") -> int:
    """One worker in batch mode (every task that is ready, then return); answers how many it ran."""
    worker = tasks.worker(worker_id=worker_id, batch=True, interval=0.05)
    worker.run()
    return worker._run_tasks


def test_seeding_the_tick_twice_leaves_one_chain(db):
    assert tasks.seed_tick() is True
    assert tasks.seed_tick() is False
    [tick] = waiting_ticks()
    assert tick.run_after > timezone.now() + timedelta(days=365)  # "now": no run_after (django-tasks-db's far date)


@pytest.mark.django_db(transaction=True)
def test_workers_starting_at_once_seed_one_chain():
    results = run_at_once(lambda _index: tasks.seed_tick(), threads=4)
    assert sorted(results) == [False, False, False, True]
    assert len(waiting_ticks()) == 1


@pytest.mark.django_db(transaction=True)
def test_a_tick_runs_the_jobs_and_schedules_the_next_a_minute_on():
    savings = overdue_savings()
    tasks.seed_tick()
    assert run_worker() == 1
    [done, following] = ticks()
    assert done.status == TaskResultStatus.SUCCESSFUL
    assert done.return_value == {"swept": 0, "ran": ["overdue_savings", "reconcile", "bank_health"], "pruned": 0}
    assert following.status == TaskResultStatus.READY
    wait = following.run_after - timezone.now()
    assert timedelta(seconds=50) < wait <= timedelta(seconds=tasks.TICK_SECONDS)
    assert SavingsWeek.objects.filter(savings=savings).count() == 3
    assert run_worker() == 0  # the next tick waits its minute
    with time_machine.travel(timezone.now() + timedelta(seconds=61)):
        assert run_worker() == 1
    assert ticks()[1].return_value["ran"] == []  # done for the day
    assert len(waiting_ticks()) == 1


@pytest.mark.django_db(transaction=True)
def test_two_chains_fold_into_one_and_run_each_job_once():
    """Two ticks waiting at once (a hand enqueued one more): each runs, the jobs run once, and only one
    tick is scheduled after them."""
    overdue_savings()
    tasks.tick.enqueue()
    tasks.tick.enqueue()
    assert run_worker() == 2
    assert sorted(name for tick in ticks(status=TaskResultStatus.SUCCESSFUL) for name in tick.return_value["ran"]) == [
        "bank_health",
        "overdue_savings",
        "reconcile",
    ]
    assert SavingsWeek.objects.count() == 3
    assert len(waiting_ticks()) == 1


@pytest.mark.django_db(transaction=True)
def test_a_tick_that_fails_still_leaves_the_next_one(monkeypatch):
    def broken(**_kwargs):
        raise RuntimeError("the database said no")

    monkeypatch.setattr(jobs, "run_due", broken)
    tasks.seed_tick()
    assert run_worker() == 1
    assert ticks()[0].status == TaskResultStatus.FAILED
    assert len(waiting_ticks()) == 1


@pytest.mark.django_db(transaction=True)
def test_a_tick_that_fails_before_it_schedules_the_next_is_followed_all_the_same(monkeypatch):
    """SQLite's "database is locked" at the tick's first step (enqueueing its successor): the tick
    fails, and the worker's record of the failure enqueues the next a minute on; the chain goes on."""
    real_schedule = tasks.schedule_tick
    faults = ["database is locked"]

    def flaky_schedule(**kwargs):
        if faults:
            raise OperationalError(faults.pop())
        return real_schedule(**kwargs)

    monkeypatch.setattr(tasks, "schedule_tick", flaky_schedule)
    assert real_schedule() is True
    assert run_worker() == 1
    assert faults == []
    [failed, following] = ticks()
    assert failed.status == TaskResultStatus.FAILED
    assert following.status == TaskResultStatus.READY
    assert timedelta(seconds=50) < following.run_after - timezone.now() <= timedelta(seconds=tasks.TICK_SECONDS)


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_run_the_overdue_job_once_a_day():
    """Two workers, each seeding the tick as `manage.py db_worker` does, then running at once: the
    overdue run and the books check run once; the next day, once again."""
    overdue_savings()

    def worker(index: int) -> int:
        tasks.seed_tick()
        return run_worker(f"worker-{index}")

    results = run_at_once(worker, threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert SavingsWeek.objects.count() == 3
    assert ScheduledJob.objects.get(name="overdue_savings").last_outcome.startswith("Marked 3 overdue weeks")
    ran = [name for tick in ticks(status=TaskResultStatus.SUCCESSFUL) for name in tick.return_value["ran"]]
    assert sorted(ran) == ["bank_health", "overdue_savings", "reconcile"]
    assert len(waiting_ticks()) == 1
    # the next day: both workers take ticks again, and the jobs run once more
    with time_machine.travel(timezone.now() + timedelta(days=1)):
        results = run_at_once(worker, threads=2)
        assert not [result for result in results if isinstance(result, Exception)], results
    ran = [name for tick in ticks(status=TaskResultStatus.SUCCESSFUL) for name in tick.return_value["ran"]]
    assert sorted(ran) == [
        "bank_health",
        "bank_health",
        "overdue_savings",
        "overdue_savings",
        "reconcile",
        "reconcile",
    ]
    assert (
        ScheduledJob.objects.get(name="overdue_savings").last_outcome
        == "Marked 0 overdue weeks Not Paid in 0 savings accounts."
    )
    assert len(waiting_ticks()) == 1


@pytest.mark.django_db(transaction=True)
def test_an_officers_request_enqueues_the_books_check_which_a_worker_runs(admin_user):
    jobs.run_due()  # today's runs are done
    row = jobs.job_request(name="reconcile", by=admin_user)
    [task] = DBTaskResult.objects.filter(task_path=jobs.run_job.module_path)
    assert task.args_kwargs == {"args": [], "kwargs": {"name": "reconcile"}}
    with time_machine.travel(row.requested_at + timedelta(seconds=1)):
        assert run_worker() == 1
    task.refresh_from_db()
    assert task.return_value == ["reconcile"]
    assert ScheduledJob.objects.get(name="reconcile").requested_at is None
    assert jobs.run_job.call(name="reconcile") == []  # asked for once, run once


@pytest.mark.django_db(transaction=True)
def test_a_request_that_finds_the_job_held_by_another_run_looks_again_seconds_later(admin_user):
    jobs.run_due()  # today's runs are done
    row = jobs.job_request(name="reconcile", by=admin_user)
    held_until = timezone.now() + timedelta(minutes=5)
    ScheduledJob.objects.filter(name="reconcile").update(claimed_until=held_until)  # another run holds it
    assert jobs.run_job.call(name="reconcile") == []
    waiting = DBTaskResult.objects.filter(task_path=jobs.run_job.module_path, status=TaskResultStatus.READY)
    assert waiting.count() == 2  # the request's own task, and the one that looks again later
    later = waiting.filter(run_after__lt=timezone.now() + timedelta(days=1)).get()  # the other: no run_after
    assert later.run_after > row.requested_at + timedelta(seconds=1)
    assert later.run_after <= timezone.now() + jobs.ASKED_RETRY
    ScheduledJob.objects.filter(name="reconcile").update(claimed_until=None)  # the other run ended
    assert jobs.run_job.call(name="reconcile") == ["reconcile"]
    assert ScheduledJob.objects.get(name="reconcile").requested_at is None
    before = waiting.count()
    assert jobs.run_job.call(name="reconcile") == []  # done: nothing more is enqueued
    assert waiting.count() == before


@pytest.mark.django_db(transaction=True)
def test_the_db_worker_command_seeds_the_tick_and_runs_what_is_due(monkeypatch):
    monkeypatch.setattr(Worker, "configure_signals", lambda self: None)  # the test process keeps its own
    savings = overdue_savings()
    call_command("db_worker", "--batch", "--no-reload", "--no-startup-delay", verbosity=0)
    assert SavingsWeek.objects.filter(savings=savings).count() == 3
    assert [tick.status for tick in ticks()] == [TaskResultStatus.SUCCESSFUL, TaskResultStatus.READY]


def worker_thread_until_marked(savings, seconds: float = 10) -> tasks.WorkerThread:
    """The server's worker thread, run until the overdue run marked `savings`'s weeks (or `seconds`
    passed), then stopped; answers it."""
    worker = tasks.WorkerThread(interval=0.05).start()
    try:
        deadline = time.monotonic() + seconds
        while not SavingsWeek.objects.filter(savings=savings).exists() and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        worker.stop()
    return worker


@pytest.mark.django_db(transaction=True)
def test_the_servers_worker_thread_runs_the_overdue_run_while_the_server_runs():
    savings = overdue_savings()
    worker = worker_thread_until_marked(savings)
    assert not worker.thread.is_alive()
    assert SavingsWeek.objects.filter(savings=savings).count() == 3
    assert len(waiting_ticks()) == 1


@pytest.mark.django_db(transaction=True)
def test_the_servers_worker_thread_survives_a_locked_database(monkeypatch):
    """SQLite's "database is locked" outlasting its timeout (or any fault) ends a round of the
    worker, never the thread: it starts again and runs the tick."""
    real_run = Worker.run
    faults = ["database is locked", "database is locked"]

    def flaky_run(self):
        if faults:
            raise OperationalError(faults.pop())
        real_run(self)

    monkeypatch.setattr(Worker, "run", flaky_run)
    savings = overdue_savings()
    worker_thread_until_marked(savings)
    assert faults == []
    assert SavingsWeek.objects.filter(savings=savings).count() == 3


@pytest.mark.django_db(transaction=True)
def test_the_servers_worker_thread_seeds_the_tick_again_after_a_fault(monkeypatch):
    """A fault that also cost the chain its waiting tick (a tick that died mid-run, its row deleted by
    hand): the thread seeds the chain again as it starts over, and the overdue run happens."""
    real_run = Worker.run
    faults = ["database is locked"]

    def run_losing_the_chain(self):
        if faults:
            DBTaskResult.objects.filter(task_path=tasks.tick.module_path).delete()
            raise OperationalError(faults.pop())
        real_run(self)

    monkeypatch.setattr(Worker, "run", run_losing_the_chain)
    savings = overdue_savings()
    worker_thread_until_marked(savings)
    assert faults == []
    assert SavingsWeek.objects.filter(savings=savings).count() == 3
    assert len(waiting_ticks()) == 1


def test_finished_tasks_are_deleted_after_a_week(db):
    tasks.seed_tick()
    DBTaskResult.objects.update(status=TaskResultStatus.SUCCESSFUL, finished_at=timezone.now() - timedelta(days=8))
    tasks.tick.enqueue()
    assert tasks.prune_finished() == 1
    assert len(waiting_ticks()) == 1
