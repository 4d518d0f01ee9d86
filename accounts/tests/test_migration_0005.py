"""accounts 0005: every officer that exists gets a display name that is not their username, players'
accounts none, and the old lockouts (one per officer, no address) are dropped with their table."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0004_officer_roles")]
AFTER = [("accounts", "0005_officer_display_name_and_lockouts")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_existing_officers_get_officer_n_and_players_nothing():
    old = _migrate(BEFORE)
    User = old.get_model("accounts", "User")
    admin = User.objects.create(username="admin", is_staff=True, role="treasurer")
    teller = User.objects.create(username="tina", is_staff=True, role="teller")
    player = User.objects.create(username="player-1")
    old.get_model("accounts", "StaffLockout").objects.create(user=teller, failed_attempts=3)

    new = _migrate(AFTER)
    User = new.get_model("accounts", "User")
    names = dict(User.objects.values_list("username", "display_name"))
    assert names == {"admin": f"Officer {admin.pk}", "tina": f"Officer {teller.pk}", "player-1": ""}
    assert not new.get_model("accounts", "StaffLockout").objects.exists()  # a lockout under way is lifted
    assert User.objects.get(pk=player.pk).display_name == ""
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # the latest state for the next test
