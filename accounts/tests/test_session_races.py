"""One token extends once: twenty simultaneous extensions, in threads and across two server processes.

On PostgreSQL the session's row lock decides; on SQLite the IMMEDIATE transactions do. Either way
exactly one caller gets a new token and the other nineteen answer 401.
"""

import asyncio
import json
from collections import Counter

import pytest
import websockets
from rest_framework.test import APIClient
from websockets.typing import Origin

from accounts.models import BankSession
from accounts.tests.factories import PASSWORD, PlayerFactory
from testkit.servers import asgi_server, call, env_for_test_database, needs_postgresql_and_redis
from testkit.threads import run_at_once

THREADS = 20


def sign_in(name: str) -> str:
    answer = APIClient().post("/api/login", {"username": name, "password": PASSWORD}, format="json")
    return answer.json()["access_token"]


def with_token(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


def assert_one_new_token(answers: list[tuple[int, dict]], old_token: str, me) -> None:
    assert Counter(status for status, _ in answers) == {200: 1, 401: THREADS - 1}
    winner = next(body["access_token"] for status, body in answers if status == 200)
    assert me(winner) == 200
    assert me(old_token) == 401
    assert BankSession.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_extensions_of_one_token_give_one_new_token():
    player = PlayerFactory()
    token = sign_in(player.name)

    def extend(_index: int) -> tuple[int, dict]:
        response = with_token(token).post("/api/extend-session")
        return response.status_code, response.json()

    answers = run_at_once(extend, threads=THREADS)
    assert_one_new_token(answers, token, lambda t: with_token(t).get("/api/me").status_code)


@pytest.mark.django_db(transaction=True)
def test_twenty_extensions_across_two_server_processes_give_one_new_token():
    player = PlayerFactory()
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, login = call(server_a, "POST", "/api/login", {"username": player.name, "password": PASSWORD})
        token = login["access_token"]

        def extend(index: int) -> tuple[int, dict]:
            return call([server_a, server_b][index % 2], "POST", "/api/extend-session", token=token)

        answers = run_at_once(extend, threads=THREADS)
        assert_one_new_token(answers, token, lambda t: call(server_b, "GET", "/api/me", token=t)[0])


async def _closed_by_server(ws_url: str, origin: str, trigger) -> int:
    async with websockets.connect(ws_url, origin=Origin(origin), open_timeout=10) as socket:
        assert json.loads(await asyncio.wait_for(socket.recv(), 5)) == {"type": "hello"}
        await asyncio.to_thread(trigger)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await asyncio.wait_for(socket.recv(), 10)
        assert closed.value.rcvd is not None  # the server's close frame
        return closed.value.rcvd.code


@pytest.mark.servers
@needs_postgresql_and_redis
@pytest.mark.django_db(transaction=True)
def test_a_logout_through_process_a_closes_the_sessions_socket_on_process_b():
    player = PlayerFactory()
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, login = call(server_a, "POST", "/api/login", {"username": player.name, "password": PASSWORD})
        token = login["access_token"]
        _, ticket = call(server_a, "POST", "/api/ws-ticket", token=token)
        ws_url = server_b.replace("http", "ws") + f"/ws/bank/?ticket={ticket['ticket']}"

        def logout_through_a():
            assert call(server_a, "POST", "/api/logout", token=token)[0] == 204

        assert asyncio.run(_closed_by_server(ws_url, server_b, logout_through_a)) == 4401
