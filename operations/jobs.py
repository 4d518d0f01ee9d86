"""The work the bank does by itself once a day, in every layout (site layer: it reads the apps).

The jobs: the overdue savings run, then the books check (`operations/reconcile.py`), then the daily backup
(`operations/backup_schedule.py`, while BANK_BACKUP_DIR is set). They run as django.tasks
tasks: the bank's minute tick (operations/tasks.py) calls `run_due()`, and an officer's request for a run now
(`job_request`) enqueues the job's own task (`run_job`), which a worker starts within seconds. A worker
runs in a process of its own (`manage.py db_worker`, `make serve`) or in a thread of the server
(`make run`). Either way a run is claimed with a conditional UPDATE before it starts, so several
workers (or a tick and a request at once) never run one job twice at once, and each job runs once a
day: at the first check of a day (BANK_TIME_ZONE) on which it has not succeeded yet. A run that fails
is tried again RETRY_AFTER_FAILURE later. Admins see when each job last ran, and what it did, on the
Overview (`GET /api/admin/jobs`).
"""

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, time, timedelta

from django.db import transaction
from django.db.models import F, Q
from django.tasks import task
from django.utils import timezone

from bank import audit, clock, live
from bank.texts import counted, day_text
from operations import backup, backup_schedule
from operations.reconcile import outcome_text, reconcile_and_record, run_outcome_text

from .models import ReconcileRun, ScheduledJob

logger = logging.getLogger("operations.jobs")

CLAIM = timedelta(hours=1)  # longer than any run; a worker that died mid-run frees its claim then
RETRY_AFTER_FAILURE = timedelta(minutes=10)


def _always() -> bool:
    return True


@dataclass(frozen=True)
class Job:
    name: str
    title: str
    run: Callable[[], str]  # does the work; answers what it did, in a sentence
    enabled: Callable[[], bool] = _always  # a job that is off is neither run nor listed


def _overdue_savings() -> str:
    from lending.savings.services import savings_auto_process_overdue

    run = savings_auto_process_overdue()
    outcome = (
        f"Marked {counted(run.processed_count, 'overdue week')} Not Paid"
        f" in {counted(run.accounts_count, 'savings account')}."
    )
    if run.refused:
        # every other account was processed; these wait for an officer (a week marked Paid, say)
        outcome += f" {counted(len(run.refused), 'account')} could not be processed: " + "; ".join(
            item.text() for item in run.refused[:3]
        )
    return outcome


def _reconcile() -> str:
    return outcome_text(reconcile_and_record())


def _bank_health() -> str:
    from lending.loans.services import bad_payers_mark_by_arrears, loan_arrears_history_record
    from operations.bank_health import figures_write, weekly_digest

    today = clock.today()
    history = loan_arrears_history_record(on=today)
    marked = bad_payers_mark_by_arrears(on=today)
    days = figures_write(today=today)
    digest = weekly_digest(today=today)
    written = (
        "no day's figures to write"
        if not days
        else f"the figures of {counted(len(days), 'day')} ({day_text(days[0])} to {day_text(days[-1])})"
        if len(days) > 1
        else f"the figures of {day_text(days[0])}"
    )
    reminded = f"; {counted(history.reminded, 'player')} reminded" if history.reminded else ""
    bad_payers = f"; {counted(len(marked), 'player')} marked a bad payer" if marked else ""
    digested = "; the officers' weekly digest written" if digest else ""
    return (
        f"Wrote {written}; {counted(history.entered, 'loan')} entered an arrears bucket, "
        f"{counted(history.left, 'loan')} left one{reminded}{bad_payers}{digested}."
    )


JOBS: dict[str, Job] = {
    job.name: job
    for job in [
        Job("overdue_savings", "Overdue savings run", _overdue_savings),
        # after the overdue run, so that the day's check sees the day's interest
        Job("reconcile", "Books check (reconcile)", _reconcile),
        # the day's figures (yesterday's, and on a first run every day since the books began) and each
        # loan's arrears bucket of today
        Job("bank_health", "Bank health: the daily figures and the arrears buckets", _bank_health),
        # last: the day's backup holds what the day's runs did
        Job(
            "backup",
            "Daily backup (written to BANK_BACKUP_DIR and checked)",
            backup_schedule.run_daily_backup,
            backup.backups_enabled,
        ),
    ]
}


def _start_of_day(now: datetime) -> datetime:
    return timezone.make_aware(datetime.combine(clock.local(now).date(), time.min))


def _due(now: datetime) -> Q:
    not_done_today = Q(last_succeeded_at__isnull=True) | Q(last_succeeded_at__lt=_start_of_day(now))
    not_just_tried = Q(last_started_at__isnull=True) | Q(last_started_at__lt=now - RETRY_AFTER_FAILURE)
    asked_for = Q(requested_at__isnull=False) & (
        Q(last_started_at__isnull=True) | Q(last_started_at__lt=F("requested_at"))
    )
    free = Q(claimed_until__isnull=True) | Q(claimed_until__lt=now)
    return ((not_done_today & not_just_tried) | asked_for) & free


def _claim(name: str, now: datetime) -> bool:
    ScheduledJob.objects.get_or_create(name=name)
    return bool(
        ScheduledJob.objects.filter(_due(now), name=name).update(
            claimed_until=now + CLAIM, last_started_at=now, requested_at=None
        )
    )


def run_due(*, now: datetime | None = None, names: Iterable[str] | None = None) -> list[str]:
    """Run every job that is due (of `names`, when given) and that no other worker holds; answers the
    names run."""
    ran = []
    for job in JOBS.values():
        if (names is not None and job.name not in names) or not job.enabled():
            continue
        started = now or clock.now()
        if not _claim(job.name, started):
            continue
        ran.append(job.name)
        mine = ScheduledJob.objects.filter(name=job.name, last_started_at=started)
        try:
            outcome = job.run()
        except Exception as error:  # a failed run is recorded and tried again later; the reason is kept
            logger.exception("Scheduled job %s failed", job.name)
            mine.update(
                last_finished_at=clock.now(), last_error=f"{type(error).__name__}: {error}"[:300], claimed_until=None
            )
        else:
            finished = clock.now()
            mine.update(
                last_finished_at=finished,
                last_succeeded_at=finished,
                last_outcome=outcome[:300],
                last_error="",
                claimed_until=None,
            )
            logger.info("Scheduled job %s: %s", job.name, outcome)
        live.notify({"jobs"})
    return ran


ASKED_RETRY = timedelta(seconds=5)


@task
def run_job(name: str) -> list[str]:
    """The task of one job asked for now (`job_request`): runs it if it is still due (asked for, and
    not started since) and no other worker holds it, claimed as the tick's runs are. While another run
    holds the job (the day's run, say), it looks again ASKED_RETRY later rather than leave the request
    to the next tick: the officer was told it runs within a minute."""
    ran = run_due(names=[name])
    if not ran and ScheduledJob.objects.filter(name=name, requested_at__isnull=False).exists():
        run_job.using(run_after=clock.now() + ASKED_RETRY).enqueue(name=name)
    return ran


@transaction.atomic
def job_request(*, name: str, by) -> ScheduledJob:
    """An officer asks for a job to run now (the books check): its task, enqueued with the request (its
    row commits with it, in the bank's database), runs it in the background within seconds, where a
    page's request could not wait for it. Audited."""
    row, _ = ScheduledJob.objects.get_or_create(name=name)
    now = clock.now()
    ScheduledJob.objects.filter(name=name).update(requested_at=now)
    row.requested_at = now
    audit.record(actor=by, kind="job.requested", after={"job": name, "requested_at": now})
    run_job.enqueue(name=name)
    live.notify({"jobs"})
    return row


def jobs_status(*, now: datetime | None = None) -> list[dict]:
    """Every job with its last run, what it did, whether it runs now and when it runs next: one query
    (and one for the books check's latest result, so that every screen shows the same one)."""
    now = now or clock.now()
    rows = {row.name: row for row in ScheduledJob.objects.filter(name__in=list(JOBS))}
    latest = ReconcileRun.objects.order_by("-checked_at", "-id").first()
    today = clock.local(now).date()
    answers = []
    for job in JOBS.values():
        if not job.enabled():
            continue
        row = rows.get(job.name) or ScheduledJob(name=job.name)
        done_today = row.last_succeeded_at is not None and row.last_succeeded_at >= _start_of_day(now)
        outcome = row.last_outcome
        if job.name == "reconcile" and latest is not None:
            # the latest check of the books, whoever ran it (the job, manage.py reconcile, a restore)
            outcome = run_outcome_text(latest)
        answers.append(
            {
                "name": job.name,
                "title": job.title,
                "last_started_at": row.last_started_at,
                "last_finished_at": row.last_finished_at,
                "last_succeeded_at": row.last_succeeded_at,
                "last_outcome": outcome,
                "last_error": row.last_error,
                "running": row.claimed_until is not None and row.claimed_until > now,
                "requested_at": row.requested_at,
                "next_run_on": today + timedelta(days=1) if done_today else today,
            }
        )
    return answers
