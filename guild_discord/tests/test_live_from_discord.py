"""A loan filed from Discord reaches the admins' open screens live: the site's service sends its notice
(pending_loans) when the Confirm's transaction commits, to the admin's socket and the player's own."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import override_settings
from django.utils.module_loading import import_string
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.tests.factories import AdminFactory
from accounts.tokens import token_issue, ws_ticket_issue
from guild_discord.models import PendingCommand
from guild_discord.tests.helpers import PUBLIC_KEY, signed
from guild_discord.tests.presses import button, linked_player, sub_command
from lending.models import PendingLoan

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]

LINKED = "580000580000580008"


def _ticket_key(user) -> str:
    """A ticket of a fresh session of the user (as config/tests/test_live.py opens one)."""
    token = AccessToken(token_issue(user=user).access_token)  # type: ignore[arg-type]  # the encoded token
    return ws_ticket_issue(user=user, token=token).key


async def _socket_for(user) -> WebsocketCommunicator:
    # the whole app, as the browser reaches it: named by the settings, as Channels' server finds it
    application = import_string(settings.ASGI_APPLICATION)
    key = await database_sync_to_async(_ticket_key)(user)
    socket = WebsocketCommunicator(application, f"/ws/bank/?ticket={key}", headers=[(b"origin", b"http://testserver")])
    connected, _ = await socket.connect()
    assert connected and await socket.receive_json_from(timeout=2) == {"type": "hello"}
    return socket


def _command() -> int:
    assert signed(APIClient(), sub_command(LINKED, "loan", amount="100k", days=10)).status_code == 200
    return PendingCommand.objects.get().pk


def _confirm(pending_id: int) -> dict:
    return signed(APIClient(), button(LINKED, f"bank:confirm:{pending_id}")).json()


async def test_a_loan_confirmed_in_discord_reaches_the_admins_pending_list_live():
    admin = await database_sync_to_async(AdminFactory)()
    player = await database_sync_to_async(linked_player)(LINKED, credit_score=100)
    admin_socket, player_socket = await _socket_for(admin), await _socket_for(player.user)
    with override_settings(DISCORD_PUBLIC_KEY=PUBLIC_KEY):
        pending_id = await database_sync_to_async(_command)()
        assert await admin_socket.receive_nothing(timeout=0.2)  # showing the quote changes nothing
        answer = await database_sync_to_async(_confirm)(pending_id)
    assert answer["data"]["content"].startswith("Filed: loan request #")
    notice = {"type": "bank_data", "kinds": ["pending_loans"]}
    assert await admin_socket.receive_json_from(timeout=2) == notice
    assert await player_socket.receive_json_from(timeout=2) == notice
    assert await database_sync_to_async(PendingLoan.objects.filter(player=player).count)() == 1
    for socket in (admin_socket, player_socket):
        await socket.disconnect()
