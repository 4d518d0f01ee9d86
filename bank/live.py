"""Live notices: after a change commits, tell the open screens which kinds of data changed.

A notice never carries the data itself; browsers refetch what it names. Admins hear every
notice, a player only those about their own records and bank-wide settings.
"""

import asyncio
import logging
import os
import threading
import time
from collections.abc import Iterable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings
from django.db import transaction

logger = logging.getLogger("bank.live")

# A notice is sent by the request that made the change, after its commit: a Redis that hangs or is
# down must not hold that request. Each send has SEND_TIMEOUT_SECONDS in all (through the "notify"
# channel layer, whose Redis connections give up after a second, settings.base), and after a failure
# notices are dropped for PAUSE_SECONDS instead of each waiting in turn. A dropped notice costs a
# refresh: a screen whose socket reconnects refetches what it shows.
SEND_TIMEOUT_SECONDS = 1.5
PAUSE_SECONDS = 5.0
_paused_until = {"at": 0.0}
_pause_lock = threading.Lock()


def notify_layer():
    """The channel layer that sends notices: "notify" when configured (Redis), else the default."""
    alias = "notify" if "notify" in settings.CHANNEL_LAYERS else "default"
    return get_channel_layer(alias)


def _paused() -> bool:
    return time.monotonic() < _paused_until["at"]


def _pause(error: BaseException) -> None:
    with _pause_lock:
        first = not _paused()
        _paused_until["at"] = time.monotonic() + PAUSE_SECONDS
    if first:
        logger.warning(
            "Live notices paused for %.0f s: the channel layer did not answer (%s: %s)",
            PAUSE_SECONDS,
            type(error).__name__,
            error,
        )


# Notices through Redis go out from one event loop per process, kept in a thread of its own. Under
# gunicorn no loop runs, and async_to_sync made a new loop, a thread and a Redis connection for every
# notice: 4.4 ms each on this 2-CPU machine, against 0.37 ms on a kept loop whose connection stays open
# (docs/decisions.md, issue 31). The in-memory layer (one process) keeps async_to_sync: its queues
# belong to the server's own loop, which asgiref finds.
_loop_lock = threading.Lock()
_notice_loop: dict[str, Any] = {"loop": None, "pid": None}


def _kept_loop() -> asyncio.AbstractEventLoop:
    with _loop_lock:
        if _notice_loop["loop"] is None or _notice_loop["pid"] != os.getpid():  # a forked process makes its own
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="live-notices", daemon=True).start()
            _notice_loop.update(loop=loop, pid=os.getpid())
        return _notice_loop["loop"]


def _run(coroutine_function) -> None:
    if "notify" in settings.CHANNEL_LAYERS:
        future = asyncio.run_coroutine_threadsafe(coroutine_function(), _kept_loop())
        try:
            future.result(timeout=SEND_TIMEOUT_SECONDS + 1)
        finally:
            future.cancel()  # done already, or given up on: it must not linger on the loop
    else:
        async_to_sync(coroutine_function)()


def _send(groups: list[str], message: dict) -> None:
    """Send `message` to `groups`, within SEND_TIMEOUT_SECONDS; a failure pauses the notices."""
    if _paused():
        return
    layer = notify_layer()
    if layer is None:
        return

    async def send_all() -> None:
        # one trip into the event loop for every group: a change reaching thousands of players (a
        # migration) must not pay one thread hop per group
        async def each() -> None:
            for group in groups:
                await layer.group_send(group, message)

        await asyncio.wait_for(each(), timeout=SEND_TIMEOUT_SECONDS)

    try:
        _run(send_all)
    except Exception as error:  # noqa: BLE001 - a notice that cannot be sent never fails the change
        _pause(error)


# the kinds of data a notice may name: each app registers its own (bank.vocabulary)
KINDS: set[str] = set()


def register_kinds(kinds: Iterable[str]) -> None:
    KINDS.update(kinds)


ADMINS_GROUP = "admins"
EVERYONE_GROUP = "players"  # every signed-in player, for bank-wide settings


def player_group(player_id: int) -> str:
    return f"player-{player_id}"


def user_group(user_id: int) -> str:
    """Every socket a user has open, in any session, tab or device: closed when all their sessions end."""
    return f"user-{user_id}"


def session_group(sid: str) -> str:
    """The sockets one session opened (every tab of one browser): closed when the session ends."""
    return f"session-{sid}"


# A change reaching more players than this is told to every player at once: one message to the
# EVERYONE group instead of one per player. A migration of 2,500 players sent 2,500 group messages
# one after the other (12 s for 10,000 sockets in bench_live.py); the players it did not concern
# refresh for nothing, which costs less than the wait. A change of one player still reaches only them.
BROADCAST_ABOVE_PLAYERS = 50


def groups_for(*, player_ids: Iterable[int], everyone: bool) -> list[str]:
    players = sorted(set(player_ids))
    if everyone or len(players) > BROADCAST_ABOVE_PLAYERS:
        return [ADMINS_GROUP, EVERYONE_GROUP]
    return [ADMINS_GROUP, *(player_group(pid) for pid in players)]


def notify(kinds: Iterable[str], player_ids: Iterable[int] = (), *, everyone: bool = False) -> None:
    """Queue a notice for when the current transaction commits (at once outside one)."""
    kinds = sorted(set(kinds))
    unknown = set(kinds) - KINDS
    if unknown:
        raise ValueError(f"unknown live kinds: {sorted(unknown)}")
    groups = groups_for(player_ids=list(player_ids), everyone=everyone)

    # robust: a push that fails is logged, never undoes or fails the committed change
    transaction.on_commit(lambda: _send(groups, {"type": "bank.data", "kinds": kinds}), robust=True)


def _close_group_on_commit(group: str) -> None:
    transaction.on_commit(lambda: _send([group], {"type": "session.ended"}), robust=True)


def sockets_close(user_id: int) -> None:
    """After every session of a user ended (a block, a password reset): close all the user's
    sockets (code 4401) once the change commits. No session of theirs can get a new ticket."""
    _close_group_on_commit(user_group(user_id))


def session_sockets_close(sid: str) -> None:
    """After a logout: close the sockets of that session (code 4401) once the change commits.
    The user's other sessions (another browser or device) keep theirs."""
    _close_group_on_commit(session_group(sid))
