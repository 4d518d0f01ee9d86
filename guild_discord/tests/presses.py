"""Interactions a test sends beside helpers.command: a sub-command with options, a button pressed, a
modal submitted (each as Discord shapes it), and the test's officers and players linked to Discord."""

import itertools

from accounts.models import User
from accounts.tests.factories import AdminFactory, PlayerFactory

_ids = itertools.count(700_000)


def next_id() -> str:
    return str(next(_ids))


def _base(discord_user_id: str, kind: int) -> dict:
    interaction_id = next_id()
    return {
        "id": interaction_id,
        "application_id": "4242",
        "type": kind,
        "token": f"token-{interaction_id}",
        "version": 1,
        "guild_id": "77",
        "channel_id": "78",
        "member": {"user": {"id": discord_user_id, "username": "someone"}, "roles": []},
    }


def sub_command(discord_user_id: str, name: str, **options) -> dict:
    """`/bank <name> option:value ...` (strings and integers as Discord sends them)."""
    given = [
        {"name": key, "type": 4 if isinstance(value, int) else 3, "value": value} for key, value in options.items()
    ]
    return _base(discord_user_id, 2) | {
        "data": {"id": "1", "name": "bank", "type": 1, "options": [{"type": 1, "name": name, "options": given}]}
    }


def button(discord_user_id: str, custom_id: str) -> dict:
    return _base(discord_user_id, 3) | {
        "message": {"id": "880", "content": "", "flags": 0},
        "data": {"custom_id": custom_id, "component_type": 2},
    }


def modal(discord_user_id: str, custom_id: str, value: str, *, field: str = "reason") -> dict:
    """A modal submitted with one text input: the Deny form's reason, or the Approve form's code (field "code")."""
    row = {"type": 1, "components": [{"type": 4, "custom_id": field, "value": value}]}
    return _base(discord_user_id, 5) | {"data": {"custom_id": custom_id, "components": [row]}}


def custom_ids(answer: dict) -> list[str]:
    return [button["custom_id"] for row in answer["data"].get("components", []) for button in row["components"]]


def linked_player(discord_id, **fields):  # untyped: factories answer their model
    player = PlayerFactory(**fields)
    User.objects.filter(pk=player.user_id).update(discord_id=discord_id, discord_username=f"u{discord_id[-4:]}")
    return player


def linked_officer(discord_id, *, username, role="loan_officer", **fields):  # untyped, as linked_player
    return AdminFactory(username=username, role=role, is_superuser=role == "treasurer", discord_id=discord_id, **fields)
