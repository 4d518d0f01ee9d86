"""Discord notifications through an outbox (plumbing: imports no app).

A service that decides something a player should hear about calls `enqueue(...)` inside its
transaction: the message commits with the decision or not at all. Delivery happens later, outside
any decision, by `deliver_due()` (run by `manage.py deliver_notifications` and by the server's
background deliverer, `start_background_deliverer`):

- off unless `DISCORD_WEBHOOK_URL` is set: unset, nothing is queued (no backlog that would flood
  Discord the day the webhook is set) and nothing is delivered;
- each message is claimed with a conditional UPDATE before it is sent, so two deliverers at once
  (two commands, two server processes) never send one message twice;
- one hard deadline per send, shorter than a claim (`send_deadline`), and retries with exponential back-off up to MAX_ATTEMPTS, after which the
  message stays undelivered and the admins' count shows it.
"""

import contextlib
import http.client
import json
import logging
import secrets
import socket
import threading
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.db.models import Count, Min
from django.utils import timezone

from bank.core import live

from .models import OutboxMessage

logger = logging.getLogger("bank.core.outbox")

MAX_ATTEMPTS = 8
BACKOFF_FIRST_SECONDS = 30  # then 60, 120 ... capped at BACKOFF_MAX_SECONDS
BACKOFF_MAX_SECONDS = 3600
CLAIM_SECONDS = 60  # a claimed row is left alone this long (longer than any send can take)
BATCH = 50


def webhook_url() -> str:
    return getattr(settings, "DISCORD_WEBHOOK_URL", "") or ""


def enabled() -> bool:
    return bool(webhook_url())


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
        next_attempt_at=timezone.now(),
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
    return message


def enqueue_many(*, kind: str, messages: Iterable[tuple[object, str]], officer: str = "") -> int:
    """Queue one message per (player, content), inserted together (an overdue run)."""
    if not enabled():
        return 0
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("outbox.enqueue_many must run inside the transaction of the decision it tells")
    rows = [_message(kind=kind, player=player, content=content, officer=officer) for player, content in messages]
    OutboxMessage.objects.bulk_create(rows, batch_size=500)
    return len(rows)


def undelivered() -> dict:
    """How many messages wait (or gave up), and since when: one query."""
    row = OutboxMessage.objects.filter(delivered_at__isnull=True).aggregate(count=Count("id"), oldest=Min("created_at"))
    return {"count": row["count"], "oldest": row["oldest"]}


# --- delivery ----------------------------------------------------------------------------------


class SendFailed(Exception):
    """Discord did not take the message (an error status, or no answer within the deadline)."""


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
    connection = connection_class(parts.hostname, parts.port, timeout=deadline)
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
    """Take the row for this deliverer, or None when another one already has it (or it was sent).

    The row must still be due as of `due_at` (when the batch was listed), and is held for
    CLAIM_SECONDS from the moment it is taken, read from the clock now: a batch of slow sends takes
    its later rows long after it was listed, and a claim counted from the listing would already
    have run out when their send began, free for another deliverer to send them again."""
    token = secrets.token_hex(8)
    won = OutboxMessage.objects.filter(
        pk=message_id, delivered_at__isnull=True, next_attempt_at__lte=due_at, attempts__lt=MAX_ATTEMPTS
    ).update(claim=token, next_attempt_at=timezone.now() + timedelta(seconds=CLAIM_SECONDS))
    return token if won else None


@dataclass(frozen=True)
class Delivery:
    sent: int
    failed: int


def deliver_due(*, now: datetime | None = None, limit: int = BATCH, timeout: float | None = None) -> Delivery:
    """Send the messages that are due; each one claimed first, so no two deliverers send it."""
    url = webhook_url()
    if not url:
        return Delivery(sent=0, failed=0)
    timeout = timeout if timeout is not None else getattr(settings, "DISCORD_TIMEOUT_SECONDS", 5)
    now = now or timezone.now()
    due = list(
        OutboxMessage.objects.filter(delivered_at__isnull=True, next_attempt_at__lte=now, attempts__lt=MAX_ATTEMPTS)
        .order_by("next_attempt_at", "id")
        .values_list("pk", "content", "attempts", "officer")[:limit]
    )
    sent = failed = 0
    for message_id, content, attempts, officer in due:
        token = _claim(message_id, now)
        if token is None:
            continue
        mine = OutboxMessage.objects.filter(pk=message_id, claim=token)
        try:
            _post(url, content, timeout, officer)
        except Exception as error:  # noqa: BLE001 (any failure is retried later; the reason is kept)
            failed += 1
            tries = attempts + 1
            mine.update(
                attempts=tries,
                claim="",
                next_attempt_at=timezone.now() + backoff(tries),
                last_error=f"{type(error).__name__}: {error}"[:300],
            )
            logger.warning("Discord message %s failed (attempt %s): %s", message_id, tries, error)
        else:
            sent += 1
            mine.update(attempts=attempts + 1, claim="", delivered_at=timezone.now(), last_error="")
    if sent or failed:
        live.notify({"notifications"})
    return Delivery(sent=sent, failed=failed)


def run_forever(stop: threading.Event, *, interval: float = 5.0) -> None:
    """The server's background deliverer: deliver what is due every `interval` seconds until stopped."""
    while not stop.is_set():
        try:
            close_old_connections()
            deliver_due()
        except Exception:
            logger.exception("Discord delivery round failed")
        finally:
            close_old_connections()
        stop.wait(interval)


_deliverer: dict[str, threading.Event | None] = {"stop": None}  # this process's deliverer thread


def start_background_deliverer(*, interval: float = 5.0) -> threading.Event | None:
    """Start the deliverer thread once per process when the webhook is set; answers its stop event."""
    if not enabled() or _deliverer["stop"] is not None:
        return _deliverer["stop"]
    stop = _deliverer["stop"] = threading.Event()
    threading.Thread(
        target=run_forever, args=(stop,), kwargs={"interval": interval}, name="discord-outbox", daemon=True
    ).start()
    return stop
