"""While the database or Redis cannot be reached: sockets are refused cleanly (4013, never an HTTP
500), and the sign-in counts go on in the process. The same faults against real servers are in
test_redis_faults.py (PostgreSQL pass)."""

import asyncio
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from accounts.tests.factories import PlayerFactory
from bank import consumers
from bank.core.cache import ResilientRedisCache
from bank.core.testing.servers import free_port
from bank.tests.test_live import connect, ticket_for

TRY_AGAIN_LATER = {"type": "websocket.close", "code": consumers.CLOSE_TRY_AGAIN_LATER}


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_is_closed_with_4013_when_the_database_cannot_be_reached(monkeypatch):
    def database_down(key):
        raise OperationalError("server closed the connection unexpectedly")

    monkeypatch.setattr(consumers, "_admit", database_sync_to_async(database_down))
    communicator, connected = await connect("any-ticket")
    assert connected
    assert await communicator.receive_output(timeout=2) == TRY_AGAIN_LATER


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_socket_is_closed_with_4013_when_its_groups_cannot_be_joined(monkeypatch):
    player = await database_sync_to_async(PlayerFactory)()
    ticket = await database_sync_to_async(ticket_for)(player.user)

    async def redis_down(self, group, channel):
        raise RedisConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    # the Redis layer answers group_add through __getattr__: the class has no attribute to replace
    monkeypatch.setattr(type(get_channel_layer()), "group_add", redis_down, raising=False)
    communicator, connected = await connect(ticket.key)
    assert connected
    assert await communicator.receive_output(timeout=2) == TRY_AGAIN_LATER


@pytest.mark.asyncio
@pytest.mark.django_db(transaction=True)
async def test_a_handshake_that_hangs_is_closed_with_4013_after_its_deadline(monkeypatch):
    async def hangs(key):
        await asyncio.sleep(60)

    monkeypatch.setattr(consumers, "_admit", hangs)
    monkeypatch.setattr(consumers, "HANDSHAKE_SECONDS", 0.3)
    started = time.monotonic()
    communicator, connected = await connect("any-ticket")
    assert connected
    assert await communicator.receive_output(timeout=2) == TRY_AGAIN_LATER
    assert time.monotonic() - started < 2


def test_the_cache_counts_in_the_process_while_redis_cannot_be_reached():
    """Two cache objects, as two request threads have: the counts are the process's, and once Redis
    failed nobody waits on it again for a while."""
    location = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens there
    params = {"OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2}}
    one_thread, another = ResilientRedisCache(location, params), ResilientRedisCache(location, params)
    one_thread.set("attempts", [1, 2, 3], 60)
    assert another.get("attempts") == [1, 2, 3]
    started = time.monotonic()
    for _ in range(50):
        another.get("attempts")
    assert time.monotonic() - started < 0.2
