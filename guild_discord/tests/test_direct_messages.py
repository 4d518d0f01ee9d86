"""Direct messages (issue 36, part 5): what the outbox tells a linked player goes as a direct message
from the bank's bot (open the DM channel, post), once whatever the workers, and again after the
wait a 429 asks for; an unlinked player keeps the webhook."""

from datetime import timedelta

import pytest
import time_machine
from django.db import transaction
from django.test import override_settings
from django.utils import timezone

from accounts.models import User
from accounts.tests.factories import PlayerFactory
from bank import outbox
from bank.models import OutboxMessage
from operations import tasks
from testkit.discord import fake_discord
from testkit.threads import run_at_once

LINKED = "444000444000444004"


def run_worker(worker_id: str = "worker-1") -> int:
    worker = tasks.worker(worker_id=worker_id, batch=True, interval=0.05)
    worker.run()
    return worker._run_tasks


def linked_player():
    player = PlayerFactory()
    User.objects.filter(pk=player.user_id).update(discord_id=LINKED, discord_username="linked")
    return player


def queue(player, text: str = "your loan request was approved", *, officer: str = "") -> OutboxMessage:
    with transaction.atomic():
        message = outbox.enqueue(kind="loan_request.approved", player=player, content=text, officer=officer)
    assert message is not None
    return message


@pytest.mark.django_db(transaction=True)
def test_a_linked_player_gets_a_direct_message_and_not_the_webhook(discord_api):
    player = linked_player()
    with fake_discord() as webhook, override_settings(DISCORD_WEBHOOK_URL=webhook.url):
        message = queue(player, officer="Alice the Clerk")
        assert run_worker() == 1
    assert webhook.contents == []
    assert discord_api.messages_to(LINKED) == ["your loan request was approved"]  # no "@name:" in a DM
    [opened] = discord_api.calls_to("POST", "/users/@me/channels")
    assert opened.body == {"recipient_id": LINKED}
    assert opened.headers["Authorization"] == "Bot fake-bot-token"
    [posted] = discord_api.calls_to("POST", "/messages")
    assert posted.body["embeds"] == [{"footer": {"text": "Officer: Alice the Clerk"}}]
    assert posted.body["allowed_mentions"] == {"parse": []}
    message.refresh_from_db()
    assert message.delivered_at is not None and message.attempts == 1


@pytest.mark.django_db(transaction=True)
def test_an_unlinked_player_keeps_the_webhook(discord_api):
    player = PlayerFactory()
    with fake_discord() as webhook, override_settings(DISCORD_WEBHOOK_URL=webhook.url):
        queue(player, "denied")
        assert run_worker() == 1
    assert webhook.contents == [f"@{player.discord}: denied"]
    assert discord_api.calls_to("POST", "/users/@me/channels") == []


@pytest.mark.django_db(transaction=True)
def test_with_the_bot_alone_an_unlinked_players_message_is_given_up_at_once(discord_api):
    message = queue(PlayerFactory(), "denied")
    assert run_worker() == 1
    message.refresh_from_db()
    assert message.delivered_at is None and message.attempts == outbox.MAX_ATTEMPTS
    assert message.last_error.startswith("NoRoute")


@pytest.mark.django_db(transaction=True)
def test_two_workers_at_once_send_each_direct_message_once(discord_api):
    player = linked_player()
    for index in range(8):
        queue(player, f"message {index}")
    results = run_at_once(lambda index: run_worker(f"worker-{index}"), threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sum(results) == 8
    assert sorted(discord_api.messages_to(LINKED)) == sorted(f"message {index}" for index in range(8))
    assert not OutboxMessage.objects.filter(delivered_at__isnull=True).exists()


@pytest.mark.django_db(transaction=True)
def test_a_429_is_tried_again_after_the_retry_after_discord_gives(discord_api):
    player = linked_player()
    discord_api.rate_limit("/messages", times=1, retry_after=7.5)
    message = queue(player, "missed payment")
    assert run_worker() == 1
    message.refresh_from_db()
    assert message.delivered_at is None and message.attempts == 1
    assert message.last_error == "RateLimited: HTTP 429: rate limited, retry after 7.5 s"
    wait = message.next_attempt_at - timezone.now()
    assert timedelta(seconds=6) < wait <= timedelta(seconds=7.5)  # Discord's wait, not the 30 s back-off
    assert run_worker() == 0  # not due before then
    with time_machine.travel(timezone.now() + timedelta(seconds=8), tick=True):
        assert run_worker() == 1
    message.refresh_from_db()
    assert message.delivered_at is not None and message.attempts == 2
    assert discord_api.messages_to(LINKED) == ["missed payment"]
    assert len(discord_api.calls_to("POST", "/messages")) == 2  # the 429 and the delivery


@pytest.mark.django_db(transaction=True)
def test_a_discord_error_is_retried_after_the_back_off(discord_api):
    player = linked_player()
    discord_api.bot_token = "not-the-banks"  # Discord answers 401
    message = queue(player, "reminder")
    assert run_worker() == 1
    message.refresh_from_db()
    assert message.last_error == "SendFailed: HTTP 401"
    assert message.next_attempt_at - timezone.now() > timedelta(seconds=25)


@pytest.mark.django_db(transaction=True)
def test_a_decision_reaches_a_linked_player_as_a_direct_message_with_the_bot_alone(discord_api):
    from accounts.tests.factories import AdminFactory
    from lending.loans import services as lending_services
    from lending.tests.factories import PendingLoanFactory

    pending = PendingLoanFactory(player=linked_player())
    loan = lending_services.loan_request_approve(request_id=pending.pk, admin=AdminFactory())
    assert run_worker() == 1
    [text] = discord_api.messages_to(LINKED)
    assert text.startswith(f"your loan request for €500,000 was approved: Loan #{loan.pk}")
