"""Live notices: after a change commits, tell the open screens which kinds of data changed.

A notice never carries the data itself; browsers refetch what it names. Admins hear every
notice, a player only those about their own records and bank-wide settings.
"""

import logging
from collections.abc import Iterable

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

logger = logging.getLogger("bank.live")

KINDS = frozenset(
    {
        "players",
        "credit",
        "loans",
        "pending_loans",
        "savings",
        "withdrawal_requests",
        "pearl_exchange_requests",
        "exchange_settings",
        "solo_dividends",
    }
)
ADMINS_GROUP = "admins"
EVERYONE_GROUP = "players"  # every signed-in player, for bank-wide settings


def player_group(player_id: int) -> str:
    return f"player-{player_id}"


def user_group(user_id: int) -> str:
    """Every socket a user has open, in any tab or device: closed when the user logs out."""
    return f"user-{user_id}"


def groups_for(*, player_ids: Iterable[int], everyone: bool) -> list[str]:
    groups = [ADMINS_GROUP]
    groups += [EVERYONE_GROUP] if everyone else [player_group(pid) for pid in sorted(set(player_ids))]
    return groups


def notify(kinds: Iterable[str], player_ids: Iterable[int] = (), *, everyone: bool = False) -> None:
    """Queue a notice for when the current transaction commits (at once outside one)."""
    kinds = sorted(set(kinds))
    unknown = set(kinds) - KINDS
    if unknown:
        raise ValueError(f"unknown live kinds: {sorted(unknown)}")
    groups = groups_for(player_ids=list(player_ids), everyone=everyone)

    def send() -> None:
        layer = get_channel_layer()
        if layer is None:
            return
        message = {"type": "bank.data", "kinds": kinds}

        async def send_all() -> None:
            # one trip into the event loop for every group: a change reaching thousands of
            # players (a migration) must not pay one thread hop per group
            for group in groups:
                await layer.group_send(group, message)

        async_to_sync(send_all)()

    # robust: a push that fails is logged, never undoes or fails the committed change
    transaction.on_commit(send, robust=True)


def sockets_close(user_id: int) -> None:
    """After a logout: close the user's open sockets (code 4401). A tab or device whose own
    token is still good reconnects with a new ticket; a signed-out one cannot."""

    def send() -> None:
        layer = get_channel_layer()
        if layer is not None:
            async_to_sync(layer.group_send)(user_group(user_id), {"type": "session.ended"})

    transaction.on_commit(send, robust=True)
