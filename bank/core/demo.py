"""Demo data for `manage.py seed_demo`: each app adds its part through register()."""

from collections.abc import Callable

DEMO_PASSWORD = "guildbank1"
DEMO_PLAYERS = [
    # name, discord, has a password, solo access
    ("Aria", "aria.guild", True, True),
    ("Borin", "borin.guild", True, False),
    ("Cyra", "cyra.guild", True, False),
    ("Dax", "dax.guild", False, False),  # admin-created, no password yet: registers to claim it
]

_seeders: list[Callable[[], None]] = []


def register(seeder: Callable[[], None]) -> None:
    _seeders.append(seeder)


def seeders() -> list[Callable[[], None]]:
    return list(_seeders)
