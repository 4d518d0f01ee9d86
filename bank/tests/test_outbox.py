"""Discord notifications: queued in the deciding transaction, delivered later with retries and
back-off, never twice, and never in the way of a decision. A local HTTP server stands in for Discord."""

import time
from collections import Counter
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings
from django.utils import timezone

from accounts.tests.factories import PlayerFactory
from bank.core import outbox
from bank.core.models import OutboxMessage
from bank.core.testing.discord import fake_discord
from bank.core.testing.queries import AUTH_QUERIES
from bank.core.testing.threads import run_at_once
from bank.core.texts import day_text
from exchange import services as exchange_services
from exchange.models import PearlExchangeRequest
from lending.loans import services as lending_services
from lending.savings import services as savings_services
from lending.tests.factories import LoanFactory, PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory

pytestmark = pytest.mark.django_db

WEBHOOK = "http://127.0.0.1:9/not-called"
UNDELIVERED = "/api/admin/notifications/undelivered"


def texts() -> list[str]:
    return list(OutboxMessage.objects.order_by("id").values_list("content", flat=True))


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
def test_a_decision_that_rolls_back_leaves_no_message(admin_user):
    pending = PendingLoanFactory()
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        lending_services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="No")
        _ = 1 / 0
    assert not OutboxMessage.objects.exists()


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
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK), transaction.atomic():
        return [
            outbox.enqueue(kind="loan_request.denied", player=PlayerFactory(), content=f"message {index}")
            for index in range(count)
        ]


def test_a_delivered_message_is_posted_once_and_marked(db):
    [message] = queue()
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        assert outbox.deliver_due() == outbox.Delivery(sent=1, failed=0)
        assert outbox.deliver_due() == outbox.Delivery(sent=0, failed=0)
    assert discord.contents == [message.content]
    message.refresh_from_db()
    assert message.delivered_at is not None and message.attempts == 1


def test_a_failure_is_retried_after_its_back_off_then_delivered(db):
    [message] = queue()
    with fake_discord(["fail"]) as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        assert outbox.deliver_due() == outbox.Delivery(sent=0, failed=1)
        message.refresh_from_db()
        assert (message.attempts, message.delivered_at) == (1, None)
        assert "500" in message.last_error
        wait = message.next_attempt_at - timezone.now()
        assert timedelta(seconds=25) < wait <= timedelta(seconds=30)
        assert outbox.deliver_due() == outbox.Delivery(sent=0, failed=0)  # not due yet
        assert outbox.deliver_due(now=timezone.now() + timedelta(seconds=31)).sent == 1
    assert discord.contents == [message.content]


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


def test_after_the_last_attempt_a_message_stays_undelivered_and_counted(admin_api):
    [message] = queue()
    OutboxMessage.objects.filter(pk=message.pk).update(attempts=outbox.MAX_ATTEMPTS - 1)
    with fake_discord(["fail"]) as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        assert outbox.deliver_due().failed == 1
        later = timezone.now() + timedelta(days=1)
        assert outbox.deliver_due(now=later) == outbox.Delivery(sent=0, failed=0)
    assert admin_api.get(UNDELIVERED).json()["count"] == 1


@pytest.mark.django_db(transaction=True)
def test_two_deliverers_at_once_send_each_message_once():
    queue(12)
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        results = run_at_once(lambda index: outbox.deliver_due(), threads=4)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sum(result.sent for result in results) == 12
    sent = sorted(content.split(": ", 1)[1] for content in discord.contents)
    assert sent == sorted(f"message {index}" for index in range(12))
    assert not OutboxMessage.objects.filter(delivered_at__isnull=True).exists()


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
def test_the_background_deliverer_sends_while_the_server_runs(monkeypatch):
    queue(1)
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        monkeypatch.setitem(outbox._deliverer, "stop", None)
        stop = outbox.start_background_deliverer(interval=0.05)
        try:
            deadline = time.monotonic() + 5
            while not discord.contents and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            stop.set()
    assert discord.contents == ["@" + OutboxMessage.objects.get().discord + ": message 0"]


def test_no_background_deliverer_starts_without_a_webhook(monkeypatch):
    monkeypatch.setitem(outbox._deliverer, "stop", None)
    assert outbox.start_background_deliverer() is None


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
