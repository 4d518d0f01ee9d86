"""The live socket: tickets, groups, and notices only for committed changes."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import transaction
from django.utils import timezone

from accounts.models import WsTicket
from accounts.services import player_update
from accounts.tests.factories import AdminFactory, PlayerFactory
from accounts.tokens import ws_ticket_issue
from bank import live
from bank.asgi import application

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
ORIGIN = [(b"origin", b"http://testserver")]


async def connect(ticket_key: str, headers=ORIGIN):
    communicator = WebsocketCommunicator(application, f"/ws/bank/?ticket={ticket_key}", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


async def open_socket_for(user) -> WebsocketCommunicator:
    ticket = await database_sync_to_async(ws_ticket_issue)(user=user)
    communicator, connected = await connect(ticket.key)
    assert connected
    assert await communicator.receive_json_from(timeout=2) == {"type": "hello"}
    return communicator


async def assert_closed_with_4401(communicator):
    message = await communicator.receive_output(timeout=2)
    assert message == {"type": "websocket.close", "code": 4401}


async def test_unknown_ticket_is_refused():
    communicator, connected = await connect("not-a-ticket")
    assert connected  # accepted, then closed with the application's code
    await assert_closed_with_4401(communicator)


async def test_reused_ticket_is_refused():
    player = await database_sync_to_async(PlayerFactory)()
    ticket = await database_sync_to_async(ws_ticket_issue)(user=player.user)
    first, _ = await connect(ticket.key)
    assert await first.receive_json_from(timeout=2) == {"type": "hello"}
    second, _ = await connect(ticket.key)
    await assert_closed_with_4401(second)
    await first.disconnect()


async def test_expired_ticket_is_refused():
    player = await database_sync_to_async(PlayerFactory)()
    ticket = await database_sync_to_async(ws_ticket_issue)(user=player.user)
    await database_sync_to_async(WsTicket.objects.filter(pk=ticket.pk).update)(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    communicator, _ = await connect(ticket.key)
    await assert_closed_with_4401(communicator)


async def test_foreign_origin_is_refused():
    player = await database_sync_to_async(PlayerFactory)()
    ticket = await database_sync_to_async(ws_ticket_issue)(user=player.user)
    _communicator, connected = await connect(ticket.key, headers=[(b"origin", b"http://evil.example")])
    assert not connected


async def test_ticket_endpoint_answers_a_ticket_that_opens_the_socket(player_api_async):
    client, _player = player_api_async
    response = await database_sync_to_async(client.post)("/api/ws-ticket")
    assert response.status_code == 201
    communicator, connected = await connect(response.json()["ticket"])
    assert connected
    assert await communicator.receive_json_from(timeout=2) == {"type": "hello"}
    await communicator.disconnect()


@pytest.fixture
def player_api_async(db):
    from conftest import bearer_for

    player = PlayerFactory()
    return bearer_for(player.user), player


async def test_a_notice_for_a_reaches_a_and_the_admin_never_b():
    admin = await database_sync_to_async(AdminFactory)()
    a = await database_sync_to_async(PlayerFactory)()
    b = await database_sync_to_async(PlayerFactory)()
    admin_socket = await open_socket_for(admin)
    a_socket = await open_socket_for(a.user)
    b_socket = await open_socket_for(b.user)

    await database_sync_to_async(player_update)(player_id=a.pk, admin=admin, has_solo_access=True)

    expected = {"type": "bank_data", "kinds": ["credit", "players"]}
    assert await a_socket.receive_json_from(timeout=2) == expected
    assert await admin_socket.receive_json_from(timeout=2) == expected
    assert await b_socket.receive_nothing(timeout=0.3)
    for socket in (admin_socket, a_socket, b_socket):
        await socket.disconnect()


async def test_bank_wide_notice_reaches_every_player():
    a = await database_sync_to_async(PlayerFactory)()
    b = await database_sync_to_async(PlayerFactory)()
    sockets = [await open_socket_for(a.user), await open_socket_for(b.user)]
    await database_sync_to_async(live.notify)({"exchange_settings"}, everyone=True)
    for socket in sockets:
        assert await socket.receive_json_from(timeout=2) == {"type": "bank_data", "kinds": ["exchange_settings"]}
        await socket.disconnect()


def _change_then_roll_back(player_id: int) -> None:
    try:
        with transaction.atomic():
            live.notify({"players"}, [player_id])
            raise RuntimeError("something failed after the notice was queued")
    except RuntimeError:
        pass


async def test_no_notice_when_the_transaction_rolls_back():
    admin = await database_sync_to_async(AdminFactory)()
    a = await database_sync_to_async(PlayerFactory)()
    admin_socket = await open_socket_for(admin)
    a_socket = await open_socket_for(a.user)
    await database_sync_to_async(_change_then_roll_back)(a.pk)
    assert await a_socket.receive_nothing(timeout=0.3)
    assert await admin_socket.receive_nothing(timeout=0.1)
    # and the same socket does hear a change that commits
    await database_sync_to_async(live.notify)({"players"}, [a.pk])
    assert await a_socket.receive_json_from(timeout=2) == {"type": "bank_data", "kinds": ["players"]}
    await asyncio.gather(admin_socket.disconnect(), a_socket.disconnect())


async def test_logout_closes_every_socket_of_that_user_and_no_other(player_api_async):
    client, player = player_api_async
    other = await database_sync_to_async(PlayerFactory)()
    admin = await database_sync_to_async(AdminFactory)()
    first_tab = await open_socket_for(player.user)
    second_tab = await open_socket_for(player.user)
    other_socket = await open_socket_for(other.user)
    admin_socket = await open_socket_for(admin)

    response = await database_sync_to_async(client.post)("/api/logout")
    assert response.status_code == 204

    await assert_closed_with_4401(first_tab)
    await assert_closed_with_4401(second_tab)
    assert await other_socket.receive_nothing(timeout=0.3)
    assert await admin_socket.receive_nothing(timeout=0.1)
    # the others still hear notices
    await database_sync_to_async(live.notify)({"players"}, [other.pk])
    assert await other_socket.receive_json_from(timeout=2) == {"type": "bank_data", "kinds": ["players"]}
    await asyncio.gather(other_socket.disconnect(), admin_socket.disconnect())


async def test_an_admin_logout_closes_the_admin_socket():
    from conftest import bearer_for

    admin = await database_sync_to_async(AdminFactory)()
    client = await database_sync_to_async(bearer_for)(admin)
    socket = await open_socket_for(admin)
    response = await database_sync_to_async(client.post)("/api/logout")
    assert response.status_code == 204
    await assert_closed_with_4401(socket)
