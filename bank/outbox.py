"""Discord notifications through an outbox (plumbing: imports no app).

A service that decides something a player should hear about calls `enqueue(...)` inside its
transaction: the message commits with the decision or not at all, and so does the `deliver` task
(django.tasks, database backend) that sends it. A task worker sends it later, outside any decision
(`manage.py db_worker`, or the server's worker thread of operations/tasks.py):

- a message goes to the player as a direct message from the bank's bot when they linked their Discord
  account and `DISCORD_BOT_TOKEN` is set (guild_discord.direct, registered as it starts), else to the
  webhook; a 429 is tried again after the `retry_after` Discord gives;
- off unless `DISCORD_WEBHOOK_URL` or `DISCORD_BOT_TOKEN` is set: unset, nothing is queued (no backlog that would flood
  Discord the day the webhook is set) and nothing is delivered;
- each message is claimed with a conditional UPDATE before it is sent, so two workers (or a task
  that ran twice, or `manage.py deliver_notifications` beside a worker) never send one message twice;
- one hard deadline per send, shorter than a claim (`send_deadline`); a failed send records the
  attempt and enqueues the task again with `run_after` = its back-off (django.tasks has no retries of
  its own), up to MAX_ATTEMPTS, after which the message stays undelivered and the admins' count shows it;
- `sweep()` (run by the bank's minute tick, operations/tasks.py) enqueues a task again for every message that
  is due and has none waiting or running: a worker that died mid-send leaves its task "running" forever.
"""

import contextlib
import http.client
import json
import logging
import secrets
import socket
import threading
import urllib.parse
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Min, Q
from django.tasks import TaskResultStatus, task
from django_tasks_db.models import DBTaskResult

from bank import clock, live

from .models import OutboxMessage

logger = logging.getLogger("bank.outbox")

MAX_ATTEMPTS = 8
BACKOFF_FIRST_SECONDS = 30  # then 60, 120 ... capped at BACKOFF_MAX_SECONDS
BACKOFF_MAX_SECONDS = 3600
CLAIM_SECONDS = 60  # a claimed row is left alone this long (longer than any send can take)
BATCH = 50
SWEEP_BATCH = 500  # messages enqueued again by one sweep at most


def webhook_url() -> str:
    return getattr(settings, "DISCORD_WEBHOOK_URL", "") or ""


# Direct messages (guild_discord, registered as it starts): `sender(player_id)` answers how to send a
# message to that player directly (a callable taking the text, the officer and the timeout), or None
# when the player is not linked (the webhook then); `enabled()` whether direct messages are on at all.
Sender = Callable[[str, str, float], None]
_direct: dict[str, Callable] = {}


def register_direct(*, enabled: Callable[[], bool], sender: Callable[[int | None], Sender | None]) -> None:
    _direct["enabled"], _direct["sender"] = enabled, sender


def direct_enabled() -> bool:
    return bool(_direct) and bool(_direct["enabled"]())


def enabled() -> bool:
    """Messages are queued when they can reach someone: through the webhook, or directly."""
    return bool(webhook_url()) or direct_enabled()


def backoff(attempts: int) -> timedelta:
    """How long to wait before the next try, after `attempts` failed tries (1 -> 30 s, 2 -> 60 s ...)."""
    return timedelta(seconds=min(BACKOFF_FIRST_SECONDS * 2 ** (attempts - 1), BACKOFF_MAX_SECONDS))


def _message(*, kind: str, player, content: str, officer: str = "") -> OutboxMessage:
    return OutboxMessage(
        kind=kind,
        officer=officer[:300],
        player_id=player.pk,
        discord=player.discord[:64],
        content=f"@{player.discord}: {content}"[:1900],  # Discord allows 2,000 characters
        next_attempt_at=clock.now(),
    )


def enqueue(*, kind: str, player, content: str, officer: str = "") -> OutboxMessage | None:
    """Queue a message to a player (`player` has pk and discord) in the caller's transaction;
    `officer` names who decided it (the message's footer: "Officer: Alice the Clerk"), by the display
    name players see, never a sign-in name (`User.public_name`, `decisions.Verdict.approved_by_public`)."""
    if not enabled():
        return None
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("outbox.enqueue must run inside the transaction of the decision it tells")
    message = _message(kind=kind, player=player, content=content, officer=officer)
    message.save()  # the decision's own notice reaches the admins' count (it refreshes on those kinds)
    _schedule(message.pk)
    return message


def enqueue_many(*, kind: str, messages: Iterable[tuple[object, str]], officer: str = "") -> int:
    """Queue one message per (player, content), inserted together (an overdue run)."""
    if not enabled():
        return 0
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("outbox.enqueue_many must run inside the transaction of the decision it tells")
    rows = [_message(kind=kind, player=player, content=content, officer=officer) for player, content in messages]
    OutboxMessage.objects.bulk_create(rows, batch_size=500)
    for row in rows:
        _schedule(row.pk)
    return len(rows)


def enqueue_officers(*, kind: str, content: str) -> OutboxMessage | None:
    """Queue a message to the officers (no player, no mention: the webhook's channel, where the staff read
    the bank's notices) in the caller's transaction; nothing while the webhook is unset."""
    if not enabled():
        return None
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("outbox.enqueue_officers must run inside the transaction of what it tells")
    message = OutboxMessage.objects.create(
        kind=kind, player_id=None, discord="", content=content[:1900], next_attempt_at=clock.now()
    )
    _schedule(message.pk)
    return message


def _schedule(message_id: int, *, run_after: datetime | None = None) -> None:
    """Enqueue the message's delivery task in the caller's transaction, not on commit: the task's row
    lives in the bank's own database (django-tasks-db), so it commits with the message and the
    decision, or rolls back with them; on_commit would leave a message without a task whenever the
    process died between the commit and the callback (the sweep would find it, a minute later)."""
    deliver.using(run_after=run_after).enqueue(message_id=message_id)


def undelivered() -> dict:
    """How many messages wait (or gave up), and since when: one query."""
    row = OutboxMessage.objects.filter(delivered_at__isnull=True).aggregate(count=Count("id"), oldest=Min("created_at"))
    return {"count": row["count"], "oldest": row["oldest"]}


@dataclass(frozen=True)
class Backlog:
    waiting: int  # undelivered, with tries left
    oldest_waiting: datetime | None  # when the oldest of those was queued
    given_up: int  # undelivered after MAX_ATTEMPTS tries: they stay so


def backlog() -> Backlog:
    """The messages still to deliver, the oldest's age, and those given up (/metrics): one query."""
    waiting, given_up = Q(attempts__lt=MAX_ATTEMPTS), Q(attempts__gte=MAX_ATTEMPTS)
    row = OutboxMessage.objects.filter(delivered_at__isnull=True).aggregate(
        waiting=Count("id", filter=waiting),
        oldest=Min("created_at", filter=waiting),
        given_up=Count("id", filter=given_up),
    )
    return Backlog(waiting=row["waiting"], oldest_waiting=row["oldest"], given_up=row["given_up"])


# --- delivery ----------------------------------------------------------------------------------


class SendFailed(Exception):
    """Discord did not take the message (an error status, or no answer within the deadline)."""


class RateLimited(SendFailed):
    """Discord answered 429: try again after `retry_after` seconds, as it asks (not the back-off)."""

    def __init__(self, retry_after: float):
        super().__init__(f"HTTP 429: rate limited, retry after {retry_after:g} s")
        self.retry_after = max(retry_after, 0.0)


class NoRoute(SendFailed):
    """The player is not linked and no webhook is set: nowhere to send it (not tried again)."""


def send_deadline(timeout: float) -> float:
    """One send's whole time: never as long as a claim, so that no other deliverer takes a message
    whose send is still open (a webhook that answered slowly but steadily once kept a send open for
    120 s while a claim lasted 60, and one message went out 4 times)."""
    return min(timeout, CLAIM_SECONDS / 2)


def discord_body(content: str, officer: str = "") -> dict:
    """The webhook's JSON: the text, and the deciding officer in a footer (mentions never ping)."""
    body: dict = {"content": content, "allowed_mentions": {"parse": []}}
    if officer:
        body["embeds"] = [{"footer": {"text": f"Officer: {officer}"}}]
    return body


def _post(url: str, content: str, timeout: float, officer: str = "") -> None:
    """POST the message; a 2xx status is a delivery (the answer's body is not awaited). The send has
    one hard deadline: a socket timeout restarts with every byte, so a timer cuts the connection."""
    deadline = send_deadline(timeout)
    parts = urllib.parse.urlsplit(url)
    connection_class = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    # a webhook address without a host fails here, as any connection error does
    connection = connection_class(parts.hostname, parts.port, timeout=deadline)  # type: ignore[arg-type]
    cut = threading.Event()

    def cut_off() -> None:
        cut.set()
        sock = connection.sock
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    timer = threading.Timer(deadline, cut_off)
    timer.daemon = True
    timer.start()
    body = json.dumps(discord_body(content, officer)).encode()
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    try:
        connection.connect()
        if cut.is_set():  # the deadline passed while connecting, before there was a socket to cut
            raise TimeoutError("cut off while connecting")
        connection.request(
            "POST", path, body=body, headers={"Content-Type": "application/json", "User-Agent": "GuildBank"}
        )
        status = connection.getresponse().status
    except (OSError, http.client.HTTPException) as error:
        if cut.is_set():
            raise TimeoutError(f"timed out: no answer within {deadline:g} s") from error
        raise
    finally:
        timer.cancel()
        connection.close()
    if cut.is_set():  # an answer cut short reads as complete (its headers end where the cut was)
        raise TimeoutError(f"timed out: no answer within {deadline:g} s")
    if not 200 <= status < 300:
        raise SendFailed(f"HTTP {status}")


def _claim(message_id: int, due_at: datetime) -> str | None:
    """Take the row for this deliverer, or None when another one already has it (or it was sent,
    or it is not due: a task run early or twice).

    The row must still be due as of `due_at`, and is held for CLAIM_SECONDS from the moment it is
    taken, read from the clock now: a batch of slow sends takes its later rows long after it was
    listed, and a claim counted from the listing would already have run out when their send began,
    free for another deliverer to send them again."""
    token = secrets.token_hex(8)
    won = OutboxMessage.objects.filter(
        pk=message_id, delivered_at__isnull=True, next_attempt_at__lte=due_at, attempts__lt=MAX_ATTEMPTS
    ).update(claim=token, next_attempt_at=clock.now() + timedelta(seconds=CLAIM_SECONDS))
    return token if won else None


def _route(*, player_id: int | None, discord: str, content: str, url: str) -> Callable[[float, str], None]:
    """How this message goes: a direct message when the player is linked and direct messages are on
    (without the webhook's "@name: " in front), else the webhook; NoRoute when neither."""
    sender = _direct["sender"](player_id) if direct_enabled() else None
    if sender is not None:
        text = content.removeprefix(f"@{discord}: ")
        return lambda timeout, officer: sender(text, officer, send_deadline(timeout))
    if url:
        return lambda timeout, officer: _post(url, content, timeout, officer)
    raise NoRoute("the player has not linked Discord, and no webhook is set")


def _send(message_id: int, *, url: str, timeout: float, due_at: datetime) -> bool | None:
    """Claim and send one message: True when sent, False when it failed (its retry is enqueued,
    after its back-off, or after the wait a 429 asked for, unless that was the last attempt), None
    when it was not ours to send."""
    token = _claim(message_id, due_at)
    if token is None:
        return None
    mine = OutboxMessage.objects.filter(pk=message_id, claim=token)
    content, attempts, officer, player_id, discord = mine.values_list(
        "content", "attempts", "officer", "player_id", "discord"
    ).get()
    tries = attempts + 1
    try:
        _route(player_id=player_id, discord=discord, content=content, url=url)(timeout, officer)
    except Exception as error:  # noqa: BLE001 (any failure is retried later; the reason is kept)
        if isinstance(error, RateLimited):
            retry_at = clock.now() + timedelta(seconds=error.retry_after)
        else:
            retry_at = clock.now() + backoff(tries)
        if isinstance(error, NoRoute):
            tries = MAX_ATTEMPTS
        with transaction.atomic():
            mine.update(
                attempts=tries, claim="", next_attempt_at=retry_at, last_error=f"{type(error).__name__}: {error}"[:300]
            )
            if tries < MAX_ATTEMPTS:
                _schedule(message_id, run_after=retry_at)
        logger.warning("Discord message %s failed (attempt %s): %s", message_id, tries, error)
        return False
    mine.update(attempts=tries, claim="", delivered_at=clock.now(), last_error="")
    return True


def _timeout(timeout: float | None) -> float:
    return timeout if timeout is not None else getattr(settings, "DISCORD_TIMEOUT_SECONDS", 5)


@task
def deliver(message_id: int) -> str:
    """The delivery task of one message: "sent", "failed" (enqueued again after its back-off, unless
    that was the last attempt), "off" (no webhook), or "not due" (sent already, taken by another
    worker, or waiting for its back-off: a task that ran twice does nothing the second time)."""
    url = webhook_url()
    if not enabled():
        return "off"
    outcome = _send(message_id, url=url, timeout=_timeout(None), due_at=clock.now())
    if outcome is not None:
        live.notify({"notifications"})
    return {True: "sent", False: "failed", None: "not due"}[outcome]


@dataclass(frozen=True)
class Delivery:
    sent: int
    failed: int


def deliver_due(*, now: datetime | None = None, limit: int = BATCH, timeout: float | None = None) -> Delivery:
    """Send the messages that are due now, here, without a worker (`manage.py deliver_notifications`);
    each one claimed first, so that this never sends a message a worker sends too."""
    url = webhook_url()
    if not enabled():
        return Delivery(sent=0, failed=0)
    now = now or clock.now()
    due = list(
        OutboxMessage.objects.filter(delivered_at__isnull=True, next_attempt_at__lte=now, attempts__lt=MAX_ATTEMPTS)
        .order_by("next_attempt_at", "id")
        .values_list("pk", flat=True)[:limit]
    )
    outcomes = [_send(message_id, url=url, timeout=_timeout(timeout), due_at=now) for message_id in due]
    sent, failed = outcomes.count(True), outcomes.count(False)
    if sent or failed:
        live.notify({"notifications"})
    return Delivery(sent=sent, failed=failed)


def sweep(*, now: datetime | None = None, limit: int = SWEEP_BATCH) -> int:
    """Enqueue a delivery task again for each message that is due and has no task waiting (ready) or
    running (started less than a claim ago: a send never lasts that long, so an older "running" task
    belongs to a worker that died); answers how many. A task enqueued twice is harmless (the claim)."""
    if not enabled():
        return 0
    now = now or clock.now()
    # the tasks first, the messages then: a task that finishes in between leaves its message either
    # delivered, or not due (its retry waits), or enqueued twice, never lost
    alive = Q(status=TaskResultStatus.READY) | Q(
        status=TaskResultStatus.RUNNING, started_at__gte=now - timedelta(seconds=CLAIM_SECONDS)
    )
    waiting = set(
        DBTaskResult.objects.filter(alive, task_path=deliver.module_path).values_list(
            "args_kwargs__kwargs__message_id", flat=True
        )
    )
    due = OutboxMessage.objects.filter(
        delivered_at__isnull=True, next_attempt_at__lte=now, attempts__lt=MAX_ATTEMPTS
    ).values_list("pk", flat=True)
    lost = [message_id for message_id in due.iterator() if message_id not in waiting][:limit]
    for message_id in lost:
        _schedule(message_id)
    if lost:
        logger.warning("Discord messages without a delivery task, enqueued again: %s", lost)
    return len(lost)
