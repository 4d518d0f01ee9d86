"""The live socket: one per signed-in browser tab, forwarding change notices."""

import asyncio
import contextlib
import logging
import weakref
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import DatabaseError
from redis.exceptions import RedisError

from accounts.selectors import own_player
from accounts.tokens import session_live_until, ws_ticket_redeem
from bank import clock, live
from operations.metrics import LIVE_SOCKETS

logger = logging.getLogger("operations.consumers")

CLOSE_UNAUTHORIZED = 4401
# "try again later": the database or Redis cannot be reached now; the browser reconnects (with a new
# ticket) after a pause and refetches what it shows. RFC 6455's own 1013 says the same, but daphne's
# WebSocket library lets a server close only with 1000 or an application's code (3000-4999).
CLOSE_TRY_AGAIN_LATER = 4013
# joining the groups goes through Redis: a Redis that hangs refuses the socket after this long
JOIN_SECONDS = 2.0
# what a database or a Redis that cannot be reached raises here
DEPENDENCY_ERRORS = (DatabaseError, RedisError, OSError, TimeoutError)
# the expiry check runs this long after the session's expiry, so that it finds it expired
EXPIRY_MARGIN_SECONDS = 0.05


@dataclass(frozen=True)
class _Admission:
    groups: list[str]
    sid: str


@database_sync_to_async
def _admit(key: str) -> _Admission | None:
    ticket = ws_ticket_redeem(key=key)
    if ticket is None:
        return None
    user, sid = ticket.user, ticket.session_id
    own = [live.user_group(user.pk), live.session_group(sid)]
    if user.is_staff:
        return _Admission([live.ADMINS_GROUP, *own], sid)
    player = own_player(user)
    if player is None:
        return None
    return _Admission([live.player_group(player.pk), live.EVERYONE_GROUP, *own], sid)


_live_until = database_sync_to_async(lambda sid: session_live_until(sid=sid))

# While sockets are open, each server process asks Redis every WATCH_SECONDS whether it still
# answers. Notices sent while Redis was away are lost, and the sockets cannot tell: when it does not
# answer, every socket of the process is closed with 4013, and the browsers reconnect (refused while
# Redis is away, spread over a few seconds) and refetch what they show once it is back.
# channels-redis 4.3.0 has no hook for this: its on_disconnect/on_reconnect are never called, and a
# hung Redis is not noticed at all (docs/decisions.md, "The production layout").
WATCH_SECONDS = 2.0
_open_sockets: "weakref.WeakSet[BankConsumer]" = weakref.WeakSet()
_watch: dict[str, asyncio.Task | None] = {"task": None}


async def _watch_redis(url: str) -> None:
    from redis.asyncio import Redis

    client = Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
    try:
        while _open_sockets:
            try:
                await asyncio.wait_for(client.ping(), 1.5)
            except DEPENDENCY_ERRORS as error:
                sockets = list(_open_sockets)
                logger.warning(
                    "Redis does not answer (%s): closing %s live sockets", type(error).__name__, len(sockets)
                )
                for consumer in sockets:
                    _open_sockets.discard(consumer)
                    with contextlib.suppress(Exception):
                        await consumer.close(code=CLOSE_TRY_AGAIN_LATER)
            await asyncio.sleep(WATCH_SECONDS)
    finally:
        _watch["task"] = None
        with contextlib.suppress(Exception):
            await client.aclose()


def _watch_start() -> None:
    url = getattr(settings, "REDIS_URL", "")
    if url and _watch["task"] is None:
        _watch["task"] = asyncio.create_task(_watch_redis(url))


class BankConsumer(AsyncJsonWebsocketConsumer):
    groups_joined: list[str]
    expiry_watch: asyncio.Task | None = None
    counted = False  # in /metrics' bank_live_sockets: from its hello to its disconnect

    async def dispatch(self, message):
        """Channels' dispatch without its thread hop to close old database connections before every
        message: a notice to every player made 5,000 hops per process into Django's one sync thread,
        a fifth of a server's time during a migration (bench_live.py, profiled). Every database call
        here runs through database_sync_to_async, which closes old connections around itself."""
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def connect(self):
        self.groups_joined = []
        query = parse_qs(self.scope.get("query_string", b"").decode("latin1"))
        try:
            admission = await _admit(query.get("ticket", [""])[0])
        except DEPENDENCY_ERRORS as error:
            await self._try_again_later(error)
            return
        await self.accept()
        if admission is None:
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        try:
            joins = [self.channel_layer.group_add(group, self.channel_name) for group in admission.groups]
            self.groups_joined = admission.groups  # a disconnect leaves whichever it joined
            await asyncio.wait_for(asyncio.gather(*joins), JOIN_SECONDS)
            # the session may have ended while this socket joined its groups, and that close missed it
            expires_at = await _live_until(admission.sid)
        except DEPENDENCY_ERRORS as error:
            await self._try_again_later(error, accepted=True)
            return
        if expires_at is None:
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        self.expiry_watch = asyncio.create_task(self._close_when_expired(admission.sid, expires_at))
        _open_sockets.add(self)
        _watch_start()
        LIVE_SOCKETS.inc()
        self.counted = True
        await self.send_json({"type": "hello"})

    async def _try_again_later(self, error: BaseException, *, accepted: bool = False) -> None:
        """A dependency is down: the handshake is answered (never an HTTP 500) and closed with 4013."""
        logger.warning("Live socket refused for now: %s: %s", type(error).__name__, error)
        if not accepted:
            await self.accept()
        await self.close(code=CLOSE_TRY_AGAIN_LATER)

    async def _close_when_expired(self, sid: str, expires_at: datetime) -> None:
        """Close when the session expires unextended; an extension (in any tab) pushes the check."""
        while expires_at is not None:
            wait = (expires_at - clock.now()).total_seconds() + EXPIRY_MARGIN_SECONDS
            await asyncio.sleep(max(wait, EXPIRY_MARGIN_SECONDS))
            expires_at = await _live_until(sid)
        self.expiry_watch = None
        await self.close(code=CLOSE_UNAUTHORIZED)

    def _stop_expiry_watch(self) -> None:
        if self.expiry_watch is not None and self.expiry_watch is not asyncio.current_task():
            self.expiry_watch.cancel()
        self.expiry_watch = None

    async def disconnect(self, code):
        _open_sockets.discard(self)
        if self.counted:
            LIVE_SOCKETS.dec()
            self.counted = False
        self._stop_expiry_watch()
        for group in self.groups_joined:
            try:
                await asyncio.wait_for(self.channel_layer.group_discard(group, self.channel_name), JOIN_SECONDS)
            except DEPENDENCY_ERRORS:  # Redis is away: its subscriptions end with its connection
                break

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def session_ended(self, event):
        self._stop_expiry_watch()
        await self.close(code=CLOSE_UNAUTHORIZED)

    async def bank_data(self, event):
        await self.send_json({"type": "bank_data", "kinds": event["kinds"]})


# the whole handshake (the socket's own channel in Redis, the ticket, the groups) within this long
HANDSHAKE_SECONDS = 4.0


class RefuseWhileDown:
    """Wraps the consumer's ASGI app: Channels subscribes each socket's own channel in Redis before
    the consumer sees the handshake, and a Redis that was down made that an HTTP 500 (and one that
    hung, a 30 s wait). Here a handshake that fails that way, or is not answered within
    HANDSHAKE_SECONDS, is answered and closed with 4013 (try again later)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        answered = {"accept": False, "close": False}
        handshake_over = asyncio.Event()

        async def send_noting(message):
            kind = message.get("type", "").removeprefix("websocket.")
            if kind in answered:
                answered[kind] = True
                handshake_over.set()
            await send(message)

        consumer = asyncio.ensure_future(self.app(scope, receive, send_noting))
        over = asyncio.ensure_future(handshake_over.wait())
        done, _ = await asyncio.wait({consumer, over}, timeout=HANDSHAKE_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        over.cancel()
        if not done:  # a dependency hangs: neither an answer nor a failure
            consumer.cancel()
            with contextlib.suppress(BaseException):
                await consumer
            await self._refuse(send, answered, TimeoutError(f"no answer within {HANDSHAKE_SECONDS:g} s"))
            return
        try:
            await consumer
        except DEPENDENCY_ERRORS as error:
            await self._refuse(send, answered, error)

    @staticmethod
    async def _refuse(send, answered: dict, error: BaseException) -> None:
        logger.warning("Live socket refused for now: %s: %s", type(error).__name__, error)
        if answered["close"]:
            return
        if not answered["accept"]:
            await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": CLOSE_TRY_AGAIN_LATER})
