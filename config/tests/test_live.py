"""The live socket: tickets, groups, and notices only for committed changes."""

import asyncio
from datetime import timedelta
from unittest import mock

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import transaction
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework_simplejwt.tokens import AccessToken

from accounts.models import WsTicket
from accounts.services import player_update
from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from accounts.tokens import token_issue, ws_ticket_issue
from bank import live
from config.asgi import application

pytestmark = [pytest.mark.asyncio, pytest.mark.django_db(transaction=True)]
ORIGIN = [(b"origin", b"http://testserver")]


def ticket_for(user) -> WsTicket:
    """A ticket of a fresh session of the user (a sign-in, then POST /api/ws-ticket)."""
    token = AccessToken(token_issue(user=user).access_token)  # type: ignore[arg-type]  # the encoded token: the stubs name only a Token
    return ws_ticket_issue(user=user, token=token)


async def connect(ticket_key: str, headers=ORIGIN):
    communicator = WebsocketCommunicator(application, f"/ws/bank/?ticket={ticket_key}", headers=headers)
    connected, _ = await communicator.connect()
    return communicator, connected


async def open_socket_for(user) -> WebsocketCommunicator:
    ticket = await database_sync_to_async(ticket_for)(user)
    communicator, connected = await connect(ticket.key)
    assert connected
    assert await communicator.receive_json_from(timeout=2) == {"type": "hello"}
    return communicator


async def assert_closed_with_4401(communicator, timeout: float = 2):
    message = await communicator.receive_output(timeout=timeout)
    assert message == {"type": "websocket.close", "code": 4401}


async def test_unknown_ticket_is_refused():
    communicator, connected = await connect("not-a-ticket")
    assert connected  # accepted, then closed with the application's code
    await assert_closed_with_4401(communicator)


async def test_reused_ticket_is_refused():
    player = await database_sync_to_async(PlayerFactory)()
    ticket = await database_sync_to_async(ticket_for)(player.user)
    first, _ = await connect(ticket.key)
    assert await first.receive_json_from(timeout=2) == {"type": "hello"}
    second, _ = await connect(ticket.key)
    await assert_closed_with_4401(second)
    await first.disconnect()


async def test_expired_ticket_is_refused():
    player = await database_sync_to_async(PlayerFactory)()
    ticket = await database_sync_to_async(ticket_for)(player.user)
    await database_sync_to_async(WsTicket.objects.filter(pk=ticket.pk).update)(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    communicator, _ = await connect(ticket.key)
    await assert_closed_with_4401(communicator)


async def test_foreign_origin_is_refused():
    player = await database_sync_to_async(PlayerFactory)()
    ticket = await database_sync_to_async(ticket_for)(player.user)
    _communicator, connected = await connect(ticket.key, headers=[(b"origin", b"http://evil.example")])
    assert not connected


def open_sockets_counted() -> float:
    """/metrics' bank_live_sockets in this process (operations/metrics.py)."""
    from prometheus_client import REGISTRY

    return REGISTRY.get_sample_value("bank_live_sockets") or 0.0


async def test_an_open_socket_counts_in_the_metrics_from_its_hello_until_it_closes():
    before = open_sockets_counted()
    player = await database_sync_to_async(PlayerFactory)()
    first, second = await open_socket_for(player.user), await open_socket_for(player.user)
    assert open_sockets_counted() == before + 2
    await first.disconnect()
    assert open_sockets_counted() == before + 1
    refused, _ = await connect("not-a-ticket")  # refused sockets never count
    await assert_closed_with_4401(refused)
    await refused.disconnect()
    assert open_sockets_counted() == before + 1
    await second.disconnect()
    assert open_sockets_counted() == before


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


async def test_a_notice_reaches_the_socket_without_a_hop_to_close_database_connections():
    player = await database_sync_to_async(PlayerFactory)()
    socket = await open_socket_for(player.user)
    with (
        mock.patch("operations.consumers.database_sync_to_async") as hop,
        mock.patch("channels.consumer.aclose_old_connections", new=mock.AsyncMock()) as closing,
    ):
        await database_sync_to_async(live.notify)({"players"}, [player.pk])
        assert await socket.receive_json_from(timeout=2) == {"type": "bank_data", "kinds": ["players"]}
    assert closing.await_count == 0 and hop.call_count == 0
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


async def test_an_admin_logout_closes_the_admin_socket():
    admin = await database_sync_to_async(AdminFactory)()
    client = await database_sync_to_async(_sign_in)(admin.username)
    socket = await open_socket_through_api(client)
    response = await database_sync_to_async(client.post)("/api/logout")
    assert response.status_code == 204
    await assert_closed_with_4401(socket)


def _sign_in(name: str, password: str = PASSWORD) -> APIClient:
    """A client holding a fresh session's token, as a browser tab after sign-in."""
    client = APIClient()
    answer = client.post("/api/login", {"username": name, "password": password}, format="json")
    assert answer.status_code == 200, answer.json()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {answer.json()['access_token']}")
    return client


def _ticket(client: APIClient) -> str:
    response = client.post("/api/ws-ticket")
    assert response.status_code == 201, response.json()
    return response.json()["ticket"]


async def open_socket_through_api(client: APIClient) -> WebsocketCommunicator:
    communicator, connected = await connect(await database_sync_to_async(_ticket)(client))
    assert connected
    assert await communicator.receive_json_from(timeout=2) == {"type": "hello"}
    return communicator


async def test_logout_closes_the_sockets_of_that_session_and_no_other():
    player = await database_sync_to_async(PlayerFactory)()
    other = await database_sync_to_async(PlayerFactory)()
    admin = await database_sync_to_async(AdminFactory)()
    browser = await database_sync_to_async(_sign_in)(player.name)
    phone = await database_sync_to_async(_sign_in)(player.name)
    first_tab, second_tab = await open_socket_through_api(browser), await open_socket_through_api(browser)
    phone_socket = await open_socket_through_api(phone)
    other_socket = await open_socket_for(other.user)
    admin_socket = await open_socket_for(admin)

    response = await database_sync_to_async(browser.post)("/api/logout")
    assert response.status_code == 204

    await assert_closed_with_4401(first_tab)
    await assert_closed_with_4401(second_tab)
    for socket in (phone_socket, other_socket, admin_socket):
        assert await socket.receive_nothing(timeout=0.2)
    # the others still hear notices
    await database_sync_to_async(live.notify)({"players"}, [player.pk, other.pk])
    for socket in (phone_socket, other_socket):
        assert await socket.receive_json_from(timeout=2) == {"type": "bank_data", "kinds": ["players"]}
    await asyncio.gather(phone_socket.disconnect(), other_socket.disconnect(), admin_socket.disconnect())


async def test_a_ticket_issued_before_logout_opens_no_socket_after_it():
    player = await database_sync_to_async(PlayerFactory)()
    client = await database_sync_to_async(_sign_in)(player.name)
    ticket = await database_sync_to_async(_ticket)(client)
    assert (await database_sync_to_async(client.post)("/api/logout")).status_code == 204
    communicator, _ = await connect(ticket)
    await assert_closed_with_4401(communicator)


def _fail_sign_in(name: str, times: int) -> None:
    client = APIClient()
    for _ in range(times):
        client.post("/api/login", {"username": name, "password": "wrong-password"}, format="json")


async def test_the_block_after_five_wrong_passwords_closes_the_players_sockets_and_tickets():
    player = await database_sync_to_async(PlayerFactory)()
    other = await database_sync_to_async(PlayerFactory)()
    client = await database_sync_to_async(_sign_in)(player.name)
    socket = await open_socket_through_api(client)
    unused_ticket = await database_sync_to_async(_ticket)(client)
    other_socket = await open_socket_for(other.user)

    await database_sync_to_async(_fail_sign_in)(player.name, 5)

    await assert_closed_with_4401(socket)
    late, _ = await connect(unused_ticket)
    await assert_closed_with_4401(late)
    assert await other_socket.receive_nothing(timeout=0.2)
    await other_socket.disconnect()


async def test_an_admin_password_reset_closes_the_players_sockets():
    from conftest import bearer_for

    admin = await database_sync_to_async(AdminFactory)()
    player = await database_sync_to_async(PlayerFactory)()
    socket = await open_socket_through_api(await database_sync_to_async(_sign_in)(player.name))
    admin_api = await database_sync_to_async(bearer_for)(admin)
    response = await database_sync_to_async(admin_api.put)(
        f"/api/admin/players/{player.pk}/password", {"new_password": "brand-new-pass"}, format="json"
    )
    assert response.status_code == 200
    await assert_closed_with_4401(socket)


def _session_expires_in(client: APIClient, seconds: float) -> None:
    from accounts.models import BankSession

    # the header credentials() set: the client keeps it in _credentials, which the stubs do not declare
    header = client._credentials["HTTP_AUTHORIZATION"]  # type: ignore[attr-defined]
    token = AccessToken(header.split()[1])
    BankSession.objects.filter(pk=token["sid"]).update(expires_at=timezone.now() + timedelta(seconds=seconds))


async def test_a_socket_closes_when_its_session_expires_unextended():
    player = await database_sync_to_async(PlayerFactory)()
    client = await database_sync_to_async(_sign_in)(player.name)
    await database_sync_to_async(_session_expires_in)(client, 1)
    socket = await open_socket_through_api(client)
    await assert_closed_with_4401(socket, timeout=5)


async def test_a_socket_stays_open_past_the_old_expiry_when_the_session_was_extended():
    player = await database_sync_to_async(PlayerFactory)()
    client = await database_sync_to_async(_sign_in)(player.name)
    await database_sync_to_async(_session_expires_in)(client, 2)
    socket = await open_socket_through_api(client)
    # another tab extends the session: the socket finds the new expiry when its timer fires
    response = await database_sync_to_async(client.post)("/api/extend-session")
    assert response.status_code == 200
    assert await socket.receive_nothing(timeout=3)
    await database_sync_to_async(live.notify)({"players"}, [player.pk])
    assert await socket.receive_json_from(timeout=2) == {"type": "bank_data", "kinds": ["players"]}
    await socket.disconnect()
