"""Discord notifications: queued in the deciding transaction with their delivery task (django.tasks,
database backend), delivered later by a task worker with retries and back-off, never twice, and never
in the way of a decision. A local HTTP server stands in for Discord; the workers are django-tasks-db's,
run in batch mode (every ready task, then return) as `manage.py db_worker --batch` runs them."""

import time
from collections import Counter
from datetime import timedelta
from io import StringIO

import pytest
import time_machine
from django.core.management import call_command
from django.db import transaction
from django.tasks import TaskResultStatus
from django.test import override_settings
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from accounts.tests.factories import PlayerFactory
from bank import outbox
from bank.models import OutboxMessage
from bank.texts import day_text
from exchange import services as exchange_services
from exchange.models import PearlExchangeRequest
from lending.loans import services as lending_services
from lending.savings import services as savings_services
from lending.tests.factories import LoanFactory, PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from operations import tasks
from testkit.discord import fake_discord
from testkit.queries import AUTH_QUERIES
from testkit.threads import run_at_once

pytestmark = pytest.mark.django_db

WEBHOOK = "http://127.0.0.1:9/not-called"
UNDELIVERED = "/api/admin/notifications/undelivered"


def texts() -> list[str]:
    return list(OutboxMessage.objects.order_by("id").values_list("content", flat=True))


def delivery_tasks(**filters) -> list[DBTaskResult]:
    return list(DBTaskResult.objects.filter(task_path=outbox.deliver.module_path, **filters).order_by("enqueued_at"))


def run_worker(worker_id: str = "worker-1") -> int:
    """One worker in batch mode: runs every task that is ready, then returns; answers how many it ran.
    Needs django_db(transaction=True): the worker commits its claims."""
    worker = tasks.worker(worker_id=worker_id, batch=True, interval=0.05)
    worker.run()
    return worker._run_tasks


# --- queued with the decision ----------------------------------------------------------------------


def test_with_no_webhook_nothing_is_queued(admin_user):
    pending = PendingLoanFactory()
    lending_services.loan_request_approve(request_id=pending.pk, admin=admin_user)
    assert not OutboxMessage.objects.exists()


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_an_approved_loan_request_tells_the_player_its_terms(admin_user):
    pending = PendingLoanFactory(player__discord="zed.guild")
    loan = lending_services.loan_request_approve(request_id=pending.pk, admin=admin_user)
    message = OutboxMessage.objects.get()
    assert (message.kind, message.player_id, message.discord) == (
        "loan_request.approved",
        pending.player_id,
        "zed.guild",
    )
    assert message.content == (
        f"@zed.guild: your loan request for €500,000 was approved: Loan #{loan.pk}, €675,000 to pay over 14 days "
        "(€48,214 a day)."
    )
    assert message.delivered_at is None


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_each_decision_and_missed_payment_queues_one_message(admin_user):
    lending_services.loan_request_deny(request_id=PendingLoanFactory().pk, admin=admin_user, reason="Too much")
    savings = SavingsFactory()
    savings_services.withdrawal_request_approve(
        request_id=WithdrawalRequestFactory(player=savings.player).pk, admin=admin_user
    )
    savings_services.withdrawal_request_deny(request_id=WithdrawalRequestFactory().pk, admin=admin_user, reason="No")
    sale = PearlExchangeRequest.objects.create(
        player=PlayerFactory(), exchange_type="sell", pearls_amount=10, exchange_rate=2_500, bread_amount=25_000,
        savings_option="cashout",
    )  # fmt: skip
    exchange_services.exchange_request_approve(request_id=sale.pk, admin=admin_user)
    loan = LoanFactory()
    lending_services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user)
    week = SavingsFactory(weeks=1)
    savings_services.savings_payment_mark(savings_id=week.pk, status="Not Paid", admin=admin_user)
    kinds = list(OutboxMessage.objects.order_by("id").values_list("kind", flat=True))
    assert kinds == [
        "loan_request.denied",
        "withdrawal.approved",
        "withdrawal.denied",
        "exchange.approved",
        "payment.missed",
        "payment.missed",
    ]
    assert "was denied. Reason: Too much" in texts()[0]
    assert "your request to sell 10 pearls for €25,000 was approved." in texts()[3]
    assert (
        f"the payment of Loan #{loan.pk} for {day_text(timezone.localdate())} (€130,000) was marked Not Paid."
        in (texts()[4])
    )
    assert f"week 2 of Savings #{week.pk}" in texts()[5]


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_a_paid_day_or_a_day_already_not_paid_queues_nothing_more(admin_user):
    loan = LoanFactory()
    lending_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    assert not OutboxMessage.objects.exists()
    lending_services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user)
    lending_services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user)
    assert OutboxMessage.objects.count() == 1


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_the_overdue_run_tells_each_player_once(admin_user):
    first, second = SavingsFactory(weeks=1), SavingsFactory(weeks=1)
    for savings in (first, second):
        savings.next_due_date = timezone.localdate() - timedelta(days=8)
        savings.save()
    savings_services.savings_auto_process_overdue(admin=admin_user)
    assert sorted(OutboxMessage.objects.values_list("player_id", flat=True)) == sorted(
        [first.player_id, second.player_id]
    )
    assert "1 overdue week of Savings #" in texts()[0]


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_a_message_is_queued_with_its_delivery_task(admin_user):
    lending_services.loan_request_deny(request_id=PendingLoanFactory().pk, admin=admin_user, reason="No")
    [task] = delivery_tasks()
    assert task.args_kwargs == {"args": [], "kwargs": {"message_id": OutboxMessage.objects.get().pk}}
    assert task.status == TaskResultStatus.READY


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_a_decision_that_rolls_back_leaves_no_message_and_no_task(admin_user):
    pending = PendingLoanFactory()
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        lending_services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="No")
        _ = 1 / 0
    assert not OutboxMessage.objects.exists()
    assert not DBTaskResult.objects.exists()


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_a_refused_decision_queues_nothing(admin_user):
    pending = PendingLoanFactory()
    lending_services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="No")
    with pytest.raises(Exception, match="already processed"):
        lending_services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="No")
    assert OutboxMessage.objects.count() == 1


def test_a_slow_discord_does_not_slow_a_decision(admin_api):
    with fake_discord(["slow"], slow_seconds=5) as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        pending = PendingLoanFactory()
        started = time.monotonic()
        response = admin_api.put(f"/api/pending-loans/{pending.pk}/deny?admin_notes=No")
        assert response.status_code == 200, response.json()
        assert time.monotonic() - started < 2
        assert discord.received == []  # the decision sends nothing itself
    assert OutboxMessage.objects.filter(delivered_at__isnull=True).count() == 1


# --- delivery --------------------------------------------------------------------------------------


def queue(count: int = 1) -> list[OutboxMessage]:
    queued = []
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK), transaction.atomic():
        for index in range(count):
            message = outbox.enqueue(kind="loan_request.denied", player=PlayerFactory(), content=f"message {index}")
            assert message is not None  # a webhook is set: the outbox is on
            queued.append(message)
    return queued


@pytest.mark.django_db(transaction=True)
def test_a_worker_posts_a_message_once_and_marks_it():
    [message] = queue()
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        assert run_worker() == 1
        assert run_worker() == 0
        assert outbox.deliver.call(message_id=message.pk) == "not due"  # a task run twice sends nothing
    assert discord.contents == [message.content]
    message.refresh_from_db()
    assert message.delivered_at is not None and message.attempts == 1
    [task] = delivery_tasks()
    assert (task.status, task.return_value) == (TaskResultStatus.SUCCESSFUL, "sent")


@pytest.mark.django_db(transaction=True)
def test_a_failed_send_is_retried_after_its_back_off_by_a_task_run_after_it():
    [message] = queue()
    with fake_discord(["fail"]) as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        assert run_worker() == 1
        message.refresh_from_db()
        assert (message.attempts, message.delivered_at) == (1, None)
        assert "500" in message.last_error
        wait = message.next_attempt_at - timezone.now()
        assert timedelta(seconds=25) < wait <= timedelta(seconds=30)
        first, retry = delivery_tasks()
        assert (first.status, first.return_value) == (TaskResultStatus.SUCCESSFUL, "failed")
        assert (retry.status, retry.run_after) == (TaskResultStatus.READY, message.next_attempt_at)
        assert run_worker() == 0  # not due yet: no worker takes it
        with time_machine.travel(timezone.now() + timedelta(seconds=31)):
            assert run_worker() == 1
    assert discord.contents == [message.content]
    message.refresh_from_db()
    assert (message.attempts, message.delivered_at is not None, message.last_error) == (2, True, "")


def test_the_back_off_doubles_up_to_an_hour():
    assert [outbox.backoff(n).total_seconds() for n in (1, 2, 3, 4)] == [30, 60, 120, 240]
    assert outbox.backoff(20) == timedelta(hours=1)


def test_a_timeout_is_a_failure_that_does_not_wait_for_discord(db):
    [message] = queue()
    with fake_discord(["slow"], slow_seconds=3) as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        started = time.monotonic()
        assert outbox.deliver_due(timeout=0.3) == outbox.Delivery(sent=0, failed=1)
        assert time.monotonic() - started < 2
    message.refresh_from_db()
    assert message.delivered_at is None
    assert "timed out" in message.last_error


@pytest.mark.django_db(transaction=True)
def test_a_webhook_that_drips_its_answer_gets_each_message_once_whatever_the_deliverers(monkeypatch):
    """The answer's status line comes one byte at a time over 6 s, longer than a claim (3 s here):
    no socket timeout ever fires, so only the send's own deadline (1.5 s) ends it, as a failure,
    before the claim ends; the second deliverer, polling all along, never sends the message again."""
    monkeypatch.setattr(outbox, "CLAIM_SECONDS", 3)
    [message] = queue(1)
    with (
        fake_discord(["drip"], slow_seconds=6) as discord,
        override_settings(DISCORD_WEBHOOK_URL=discord.url),
    ):
        stop = time.monotonic() + 7

        def deliver_until_stop(index: int) -> list:
            rounds = []
            while time.monotonic() < stop:
                rounds.append(outbox.deliver_due(timeout=5))
                time.sleep(0.1)
            return rounds

        results = run_at_once(deliver_until_stop, threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert discord.contents == [message.content]
    message.refresh_from_db()
    assert (message.attempts, message.delivered_at) == (1, None)
    assert "no answer within 1.5 s" in message.last_error


@pytest.mark.django_db(transaction=True)
def test_a_batch_of_slow_sends_claims_each_message_from_when_its_send_starts(monkeypatch):
    """One deliverer sends a batch of 10 messages, each taking 0.15 s of a 1.2 s claim: the batch
    outlasts a claim, so its last messages are taken well after the batch was listed, and must still
    be held a whole claim from then. A second deliverer (another machine) comes by as soon as the
    first has taken the last message and polls until all are sent: Discord receives each once."""
    monkeypatch.setattr(outbox, "CLAIM_SECONDS", 1.2)  # a send's deadline: 0.6 s
    count = 10
    queue(count)
    with (
        fake_discord(["slow"] * count, slow_seconds=0.15) as discord,
        override_settings(DISCORD_WEBHOOK_URL=discord.url),
    ):
        stop = time.monotonic() + 15

        def waiting() -> bool:
            return time.monotonic() < stop and OutboxMessage.objects.filter(delivered_at__isnull=True).exists()

        def deliver(index: int) -> int:
            if index == 0:
                return outbox.deliver_due(timeout=5).sent  # the whole batch, in one round
            while waiting() and OutboxMessage.objects.filter(delivered_at__isnull=True, claim="").exists():
                time.sleep(0.01)  # until the first deliverer has taken the last message
            sent = 0
            while waiting():
                sent += outbox.deliver_due(timeout=5).sent
                time.sleep(0.02)
            return sent

        results = run_at_once(deliver, threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    received = Counter(content.split(": ", 1)[1] for content in discord.contents)
    assert received == Counter(f"message {index}" for index in range(count))  # each once, none twice
    assert not OutboxMessage.objects.filter(delivered_at__isnull=True).exists()
    assert results == [count, 0]


def test_a_send_never_lasts_as_long_as_a_claim():
    assert outbox.send_deadline(120) == outbox.CLAIM_SECONDS / 2
    assert outbox.send_deadline(5) == 5


def test_a_success_status_is_a_delivery_without_waiting_for_the_body(db):
    [message] = queue()
    with fake_discord(["drip_body"], slow_seconds=5) as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        started = time.monotonic()
        assert outbox.deliver_due(timeout=2) == outbox.Delivery(sent=1, failed=0)
        assert time.monotonic() - started < 1.5
    assert discord.contents == [message.content]
    message.refresh_from_db()
    assert message.delivered_at is not None


@pytest.mark.django_db(transaction=True)
def test_after_the_last_attempt_a_message_stays_undelivered_and_counted(admin_api):
    [message] = queue()
    OutboxMessage.objects.filter(pk=message.pk).update(attempts=outbox.MAX_ATTEMPTS - 1)
    with fake_discord(["fail"]) as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        assert run_worker() == 1
        assert len(delivery_tasks()) == 1  # no retry is enqueued
        with time_machine.travel(timezone.now() + timedelta(days=1)):
            assert outbox.sweep() == 0  # nor by the sweep
            assert run_worker() == 0
            assert outbox.deliver_due() == outbox.Delivery(sent=0, failed=0)
    assert len(discord.received) == 0
    message.refresh_from_db()
    assert message.attempts == outbox.MAX_ATTEMPTS
    assert admin_api.get(UNDELIVERED).json()["count"] == 1


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_send_each_message_once():
    queue(12)
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        results = run_at_once(lambda index: run_worker(f"worker-{index}"), threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sum(results) == 12  # each task ran once, by one of the workers
    sent = sorted(content.split(": ", 1)[1] for content in discord.contents)
    assert sent == sorted(f"message {index}" for index in range(12))
    assert not OutboxMessage.objects.filter(delivered_at__isnull=True).exists()


@pytest.mark.django_db(transaction=True)
def test_each_message_is_sent_once_even_when_its_task_runs_twice():
    """Every message's task enqueued twice over (a sweep and the task it thought lost, say), and two
    workers at once: the message's claim lets one send through."""
    messages = queue(8)
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK):
        for message in messages:
            outbox.deliver.enqueue(message_id=message.pk)
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        results = run_at_once(lambda index: run_worker(f"worker-{index}"), threads=2)
    assert sum(results) == 16
    assert Counter(discord.contents) == Counter(message.content for message in messages)
    assert sorted(task.return_value for task in delivery_tasks()) == ["not due"] * 8 + ["sent"] * 8


@pytest.mark.django_db(transaction=True)
def test_two_deliverers_at_once_send_each_message_once():
    """`manage.py deliver_notifications` (no worker) beside another: the claims hold there too."""
    queue(12)
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        results = run_at_once(lambda index: outbox.deliver_due(), threads=4)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sum(result.sent for result in results) == 12
    sent = sorted(content.split(": ", 1)[1] for content in discord.contents)
    assert sent == sorted(f"message {index}" for index in range(12))
    assert not OutboxMessage.objects.filter(delivered_at__isnull=True).exists()


# --- the sweep: messages whose task was lost --------------------------------------------------------


def test_the_sweep_leaves_a_message_whose_task_waits(db):
    queue(2)
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK):
        assert outbox.sweep() == 0
    assert len(delivery_tasks()) == 2


@pytest.mark.django_db(transaction=True)
def test_a_message_whose_worker_died_mid_send_is_enqueued_again_and_sent():
    """A worker took the task and claimed the message, then died: its task stays "running" for ever.
    Once the claim has run out, the sweep enqueues a new task, which sends the message."""
    [message] = queue()
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK):
        [task] = delivery_tasks()
        task.claim("worker-that-died")
        assert outbox._claim(message.pk, timezone.now()) is not None  # ... and then nothing
        assert outbox.sweep() == 0  # its claim holds: the send might still be under way
        later = timezone.now() + timedelta(seconds=outbox.CLAIM_SECONDS + 1)
        with time_machine.travel(later):
            assert outbox.sweep() == 1
            assert outbox.sweep() == 0  # the new task waits
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url), time_machine.travel(later):
        assert run_worker() == 1
    assert discord.contents == [message.content]
    assert [task.status for task in delivery_tasks()] == [TaskResultStatus.RUNNING, TaskResultStatus.SUCCESSFUL]


def test_the_sweep_enqueues_a_due_message_that_has_no_task(db):
    [message] = queue()
    DBTaskResult.objects.all().delete()  # lost, however
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK):
        assert outbox.sweep() == 1
    [task] = delivery_tasks()
    assert task.args_kwargs["kwargs"] == {"message_id": message.pk}


def test_the_command_delivers_what_is_due(db):
    queue(2)
    out = StringIO()
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        call_command("deliver_notifications", stdout=out)
    assert len(discord.contents) == 2
    assert "Delivered 2, failed 0, undelivered 0." in out.getvalue()


def test_the_command_says_when_notifications_are_off(db):
    out = StringIO()
    call_command("deliver_notifications", stdout=out)
    assert "DISCORD_WEBHOOK_URL is not set" in out.getvalue()


@pytest.mark.django_db(transaction=True)
def test_the_servers_worker_thread_delivers_while_the_server_runs():
    """`make run`: the worker thread of the server process (operations/tasks.py) sends a message queued
    while it runs, within a second or so, and stops when asked."""
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        worker = tasks.WorkerThread(interval=0.05).start()
        try:
            queue(1)
            deadline = time.monotonic() + 10
            while not discord.contents and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            worker.stop()
    assert not worker.thread.is_alive()
    assert discord.contents == ["@" + OutboxMessage.objects.get().discord + ": message 0"]


@pytest.mark.django_db(transaction=True)
def test_a_task_run_without_a_webhook_sends_nothing():
    [message] = queue()
    assert run_worker() == 1  # the webhook was unset since the message was queued
    assert [task.return_value for task in delivery_tasks()] == ["off"]
    message.refresh_from_db()
    assert (message.attempts, message.delivered_at) == (0, None)


# --- the admins' count -----------------------------------------------------------------------------


def test_admins_see_how_many_messages_wait_and_since_when(admin_api):
    first, _second = queue(2)
    body = admin_api.get(UNDELIVERED).json()
    assert body["count"] == 2
    assert body["oldest"] == first.created_at.isoformat().replace("+00:00", "Z")
    assert body["enabled"] is False


def test_players_cannot_read_the_count(player_api):
    assert player_api.get(UNDELIVERED).status_code == 403


def test_the_count_is_one_query(admin_api, django_assert_num_queries):
    queue(3)
    with django_assert_num_queries(AUTH_QUERIES + 1):
        assert admin_api.get(UNDELIVERED).json()["count"] == 3


def test_an_admin_without_messages_sees_zero(admin_api):
    assert admin_api.get(UNDELIVERED).json() == {"count": 0, "oldest": None, "enabled": False}
