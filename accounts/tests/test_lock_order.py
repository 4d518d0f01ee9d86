"""One lock order for a user and their player (docs/rules.md, "Lock order"): the user's row, then the
player's, then the user's sessions. Signing in, a wrong password, the panel's password reset and the
Django admin site's password change, racing on one player, never wait on each other in a circle.

Before the order was written down, the admin site's change locked the user and ended the sessions
before it locked the player, while a sign-in locked the player and then reached the user (a session's
foreign key) and a wrong password locked the player and then the sessions: PostgreSQL found them
waiting in a circle."""

import os

import pytest
from django.db import connection

from accounts import services
from accounts.models import Player
from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from accounts.tokens import token_issue
from testkit.threads import run_at_once

pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="row locks and deadlocks are PostgreSQL's; .ci/run sets DATABASE_URL",
    ),
    pytest.mark.django_db(transaction=True),
]

ROUNDS = 10
THREADS = 20


def deadlocks_so_far() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


def test_sign_ins_wrong_passwords_and_password_resets_on_one_player_never_deadlock():
    admin = AdminFactory()
    player = PlayerFactory(name="Aria")
    user_id = player.user_id
    before = deadlocks_so_far()
    outcomes: list[str] = []

    def work(index: int) -> str:
        kind = index % 4
        try:
            if kind == 0:  # the Django admin site changed the password
                services.user_password_changed(user_id=user_id, admin=admin)
            elif kind == 1:  # the panel's reset
                services.player_password_set(player_id=player.pk, new_password=PASSWORD, admin=admin)
            elif kind == 2:  # a sign-in (refused once the wrong passwords blocked the account)
                token_issue(user=player.user)
            else:  # a wrong password, counted under the player's lock
                services.auth_login(username="Aria", password="not the password", address="203.0.113.9")
        except services.BankError as error:
            return error.code
        return "ok"

    for _ in range(ROUNDS):
        # each round starts unblocked, so that the wrong passwords reach their locks
        Player.objects.filter(pk=player.pk).update(blocked_at=None, failed_attempts=0)
        outcomes += [
            result if isinstance(result, str) else f"{type(result).__name__}: {result}"
            for result in run_at_once(work, threads=THREADS)
        ]

    unexpected = [outcome for outcome in outcomes if outcome not in {"ok", "incorrect_password", "account_blocked"}]
    assert not unexpected, unexpected
    assert deadlocks_so_far() == before
