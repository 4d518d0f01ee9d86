"""Several server processes behind one PostgreSQL and one Redis share tickets and notices."""

import asyncio
import json

import pytest
import websockets
from websockets.typing import Origin

from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from testkit.servers import asgi_server, call, env_for_test_database, needs_postgresql_and_redis

pytestmark = [
    pytest.mark.servers,
    needs_postgresql_and_redis,
]


async def first_notice(ws_url: str, origin: str, trigger) -> dict:
    async with websockets.connect(ws_url, origin=Origin(origin), open_timeout=10) as socket:
        assert json.loads(await asyncio.wait_for(socket.recv(), 5)) == {"type": "hello"}
        await asyncio.to_thread(trigger)
        return json.loads(await asyncio.wait_for(socket.recv(), 10))


@pytest.mark.django_db(transaction=True)
def test_a_change_through_process_a_reaches_a_socket_on_process_b():
    AdminFactory()
    aria = PlayerFactory(name="Aria")
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, admin_login = call(server_a, "POST", "/api/login", {"username": "admin", "password": PASSWORD})
        _, aria_login = call(server_b, "POST", "/api/login", {"username": "aria", "password": PASSWORD})
        # the ticket is issued by process A and redeemed by process B
        status, ticket = call(server_a, "POST", "/api/ws-ticket", token=aria_login["access_token"])
        assert status == 201
        ws_url = server_b.replace("http", "ws") + f"/ws/bank/?ticket={ticket['ticket']}"

        def grant_solo_access_through_a():
            status, _ = call(
                server_a, "PUT", f"/api/players/{aria.pk}", {"has_solo_access": True}, token=admin_login["access_token"]
            )
            assert status == 200

        notice = asyncio.run(first_notice(ws_url, server_b, grant_solo_access_through_a))
    assert notice == {"type": "bank_data", "kinds": ["credit", "players"]}
