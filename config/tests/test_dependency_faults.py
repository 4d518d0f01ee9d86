"""While the database or Redis cannot be reached: sockets are refused cleanly (4013, never an HTTP
500), and sign-in goes on, uncounted, without waiting long on a Redis that hangs. The same faults against real servers are in
test_redis_faults.py (PostgreSQL pass)."""

import asyncio
import logging
import socket
import time

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from django.db import OperationalError
from django.test import override_settings
from redis.exceptions import ConnectionError as RedisConnectionError

from accounts.tests.factories import PASSWORD, PlayerFactory
from config.tests.test_live import connect, ticket_for
from operations import consumers

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


@pytest.mark.django_db
def test_with_a_hung_redis_a_sign_in_waits_half_a_second_once_and_goes_on_uncounted(api, caplog):
    """The cache is Django's RedisCache with 0.5 s socket timeouts (settings), and the throttle is the
    one fallback: it lets the sign-in through and logs a warning (accounts/throttles.py)."""
    PlayerFactory(name="Aria")
    hung = socket.create_server(("127.0.0.1", 0))  # connections are accepted, nothing ever answers
    port = hung.getsockname()[1]
    hung_redis = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{port}/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with hung, override_settings(CACHES=hung_redis), caplog.at_level(logging.WARNING, logger="accounts.throttles"):
        started = time.monotonic()
        response = api.post("/api/login", {"username": "Aria", "password": PASSWORD}, format="json")
        seconds = time.monotonic() - started
    assert response.status_code == 200
    assert "throttle is not counting" in caplog.text
    assert seconds < 2, f"a sign-in took {seconds:.2f} s"
