"""Two task workers in the production layout (`make serve` with TASK_WORKERS=2: `manage.py db_worker` in
two processes, django.tasks with the database backend): every Discord message is delivered once, and
each daily job runs once, whichever worker takes it."""

import time
from collections import Counter

import pytest
from django.utils import timezone

from accounts.tests.factories import AdminFactory
from bank.models import OutboxMessage
from lending.tests.factories import SavingsFactory, WithdrawalRequestFactory
from operations.models import ReconcileRun, ScheduledJob
from operations.tests.test_production_layout import one_officer_decides_everything, sign_in, with_production_passwords
from testkit.discord import fake_discord
from testkit.layout import production_layout
from testkit.servers import call, needs_postgresql_and_redis

pytestmark = [
    pytest.mark.servers,
    needs_postgresql_and_redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("books_balance"),
]

APPROVALS = 12
# the daily jobs that run in this layout: every one but the backup, off without BANK_BACKUP_DIR
DAILY_JOBS = {"overdue_savings", "reconcile", "bank_health"}


def wait_for(condition, *, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {seconds:g} s")
        time.sleep(0.2)


def test_two_task_workers_deliver_each_message_once_and_run_each_daily_job_once():
    one_officer_decides_everything()
    requests = []
    for index in range(APPROVALS):
        savings = SavingsFactory(invested_value=1_000_000, principal=1_000_000, player__discord=f"saver.{index}")
        requests.append(WithdrawalRequestFactory(player=savings.player, amount=100_000))
    admin = AdminFactory()
    with_production_passwords(admin)

    with fake_discord() as discord, production_layout(task_workers=2, DISCORD_WEBHOOK_URL=discord.url) as layout:
        # both workers seed the minute tick as they start: one tick runs the day's jobs
        wait_for(
            lambda: ScheduledJob.objects.filter(last_succeeded_at__isnull=False).count() == len(DAILY_JOBS),
            seconds=90,
            what="the day's jobs",
        )
        token = sign_in(layout.base_url, admin.username)
        for request in requests:
            status, body = call(
                layout.base_url, "PUT", f"/api/admin/withdrawal-requests/{request.pk}/approve", token=token
            )
            assert status == 200, body
        wait_for(lambda: len(discord.contents) >= APPROVALS, seconds=60, what="every message's delivery")
        time.sleep(5)  # time for a second delivery of any message, were one to happen
        delivered = Counter(discord.contents)
        jobs_log = "".join(path.read_text() for path in layout.run_dir.glob("tasks*.log"))

    assert len(delivered) == APPROVALS, delivered
    assert set(delivered.values()) == {1}, delivered
    assert all(f"@saver.{index}:" in " ".join(delivered) for index in range(APPROVALS))
    assert OutboxMessage.objects.filter(delivered_at__isnull=False).count() == APPROVALS
    # each job ran once today, though two workers each seeded the tick and each checks every minute
    today = timezone.localdate()
    runs = ScheduledJob.objects.filter(last_succeeded_at__date=today)
    assert set(runs.values_list("name", flat=True)) == DAILY_JOBS
    assert ReconcileRun.objects.count() == 1, list(ReconcileRun.objects.values_list("checked_at", flat=True))
    assert "Traceback" not in jobs_log, jobs_log[-4000:]
