"""Demo data for `manage.py seed_demo`: each app adds its part through register()."""

from collections.abc import Callable
from contextlib import contextmanager

DEMO_PASSWORD = "guildbank1"
DEMO_PLAYERS = [
    # name, discord, has a password, solo access
    ("Aria", "aria.guild", True, True),
    ("Borin", "borin.guild", True, False),
    ("Cyra", "cyra.guild", True, False),
    ("Dax", "dax.guild", False, False),  # admin-created, no password yet: registers to claim it
]

# username, display name (what players read), role: a team to try four eyes with (the first officer,
# made by ensure_admin, is the treasurer); they sign in with DEMO_OFFICER_PASSWORD
DEMO_OFFICERS = [
    ("teller", "Tess", "teller"),
    ("loans", "Lorne", "loan_officer"),
]
DEMO_OFFICER_PASSWORD = "guildofficer1"

DEMO_FOUR_EYES_ABOVE = 1_000_000_000  # the demo's history was decided under this threshold

_seeders: list[Callable[[], None]] = []


def register(seeder: Callable[[], None]) -> None:
    _seeders.append(seeder)


def seeders() -> list[Callable[[], None]]:
    return list(_seeders)


@contextmanager
def history_controls():
    """The demo's history (loans paid over past weeks, savings opened months ago) is written at once by
    the bank's first officer: it runs under a four-eyes threshold that allowed it, which its decision
    records keep, and the bank's own controls come back when it is written. Demo seeding only."""
    from bank.models import BankSettings

    row = BankSettings.current()
    kept = {"four_eyes_above": row.four_eyes_above}
    BankSettings.objects.filter(pk=1).update(four_eyes_above=DEMO_FOUR_EYES_ABOVE)
    try:
        yield
    finally:
        BankSettings.objects.filter(pk=1).update(**kept)
