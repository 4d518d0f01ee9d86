"""The live socket: one per signed-in browser tab, forwarding change notices."""

from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from accounts.selectors import player_of
from accounts.tokens import ws_ticket_redeem
from bank import live

CLOSE_UNAUTHORIZED = 4401


@database_sync_to_async
def _groups_for_ticket(key: str) -> list[str] | None:
    user = ws_ticket_redeem(key=key)
    if user is None:
        return None
    if user.is_staff:
        return [live.ADMINS_GROUP, live.user_group(user.pk)]
    player = player_of(user)
    if player is None:
        return None
    return [live.player_group(player.pk), live.EVERYONE_GROUP, live.user_group(user.pk)]


class BankConsumer(AsyncJsonWebsocketConsumer):
    groups_joined: list[str]

    async def connect(self):
        self.groups_joined = []
        query = parse_qs(self.scope.get("query_string", b"").decode("latin1"))
        groups = await _groups_for_ticket(query.get("ticket", [""])[0])
        await self.accept()
        if groups is None:
            await self.close(code=CLOSE_UNAUTHORIZED)
            return
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = groups
        await self.send_json({"type": "hello"})

    async def disconnect(self, code):
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive_json(self, content, **kwargs):
        if isinstance(content, dict) and content.get("type") == "ping":
            await self.send_json({"type": "pong"})

    async def session_ended(self, event):
        await self.close(code=CLOSE_UNAUTHORIZED)

    async def bank_data(self, event):
        await self.send_json({"type": "bank_data", "kinds": event["kinds"]})
