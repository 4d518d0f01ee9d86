"""The live socket: one per signed-in browser tab, forwarding change notices."""

import asyncio
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import timezone

from accounts.selectors import player_of
from accounts.tokens import session_live_until, ws_ticket_redeem
from bank import live

CLOSE_UNAUTHORIZED = 4401
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
    player = player_of(user)
    if player is None:
        return None
    return _Admission([live.player_group(player.pk), live.EVERYONE_GROUP, *own], sid)


_live_until = database_sync_to_async(lambda sid: session_live_until(sid=sid))


class BankConsumer(AsyncJsonWebsocketConsumer):
    groups_joined: list[str]
    expiry_watch: asyncio.Task | None = None

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
        admission = await _admit(query.get("ticket", [""])[0])
        await self.accept()
        if admission is None:
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        for group in admission.groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = admission.groups
        # the session may have ended while this socket joined its groups, and that close missed it
        expires_at = await _live_until(admission.sid)
        if expires_at is None:
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        self.expiry_watch = asyncio.create_task(self._close_when_expired(admission.sid, expires_at))
        await self.send_json({"type": "hello"})

    async def _close_when_expired(self, sid: str, expires_at: datetime) -> None:
        """Close when the session expires unextended; an extension (in any tab) pushes the check."""
        while expires_at is not None:
            wait = (expires_at - timezone.now()).total_seconds() + EXPIRY_MARGIN_SECONDS
            await asyncio.sleep(max(wait, EXPIRY_MARGIN_SECONDS))
            expires_at = await _live_until(sid)
        self.expiry_watch = None
        await self.close(code=CLOSE_UNAUTHORIZED)

    def _stop_expiry_watch(self) -> None:
        if self.expiry_watch is not None and self.expiry_watch is not asyncio.current_task():
            self.expiry_watch.cancel()
        self.expiry_watch = None

    async def disconnect(self, code):
        self._stop_expiry_watch()
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def session_ended(self, event):
        self._stop_expiry_watch()
        await self.close(code=CLOSE_UNAUTHORIZED)

    async def bank_data(self, event):
        await self.send_json({"type": "bank_data", "kinds": event["kinds"]})
