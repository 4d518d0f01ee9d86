"""A restored ledger names the right people and the right accounts: each entry's actor (a plain id, not
a foreign key) follows the users as the foreign keys do, and the restored bank never hands out an id
its ledger still names (a removed player's loan keeps what it was paid back on its account)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection

from accounts.models import Player, User
from accounts.tests.factories import PlayerFactory
from bank.models import LedgerEntry
from lending.loans import services as loan_services
from lending.savings import services as savings_services
from operations import backup
from operations.administration import players_bulk_delete
from operations.reconcile import reconcile
from operations.tests.stocked import stock_bank

pytestmark = pytest.mark.django_db


def user_columns(data: dict) -> dict[str, list[int]]:
    """Each table's columns that name a user: its foreign keys, the users' own ids, an entry's actor."""
    named = {
        (backup.table_name(model), field.attname)
        for model in backup.MODELS
        for field in backup._columns(model)
        if (field.is_relation and field.related_model is User) or (model is User and field.primary_key)
    }
    named |= {
        (backup.table_name(model), column) for model, columns in backup.LOOSE_USER_IDS.items() for column in columns
    }
    return {
        name: [index for index, column in enumerate(table["columns"]) if (name, column) in named]
        for name, table in data["tables"].items()
    }


def renumbered(data: dict, old: int, new: int) -> dict:
    """The file as another database would have written it: user `old` is user `new` there."""
    for name, indexes in user_columns(data).items():
        for row in data["tables"][name]["rows"]:
            for index in indexes:
                if row[index] == old:
                    row[index] = new
    data["staff"] = [[new if pk == old else pk, username] for pk, username in data["staff"]]
    return data


def column(data: dict, table: str, name: str) -> int:
    return data["tables"][table]["columns"].index(name)


def restore(tmp_path, data: dict) -> None:
    target = tmp_path / "backup.json"
    target.write_text(json.dumps(backup.sign(data)))
    call_command("restore", str(target), "--replace", stdout=StringIO())


def test_a_staff_actor_is_the_staff_account_of_that_username_here(admin_user, tmp_path):
    """Staff accounts are never in a backup: the file names the admin by username, as for a loan's
    `created_by`, and the entries they made point at this database's admin."""
    players = stock_bank(admin=admin_user)
    savings_services.savings_create(player_id=players[0].pk, invested_value=300_000, admin=admin_user)
    data = renumbered(backup.backup_data(), admin_user.pk, 9_001)
    entries = [row for row in data["tables"]["bank.ledgerentry"]["rows"]]
    actor = column(data, "bank.ledgerentry", "actor_id")
    made = [row[0] for row in entries if row[actor] == 9_001]
    assert made  # the file's admin is 9,001, not this database's
    restore(tmp_path, data)
    assert set(LedgerEntry.objects.filter(pk__in=made).values_list("actor_id", flat=True)) == {admin_user.pk}


def test_an_actor_follows_their_account_or_is_left_empty_never_another_user(admin_user, tmp_path):
    players = stock_bank(admin=admin_user)
    savings_services.savings_create(player_id=players[0].pk, invested_value=300_000, admin=admin_user)
    savings_services.savings_create(player_id=players[2].pk, invested_value=200_000, admin=admin_user)
    savings_services.savings_create(player_id=players[2].pk, invested_value=100_000, admin=admin_user)
    aria = Player.objects.get(pk=players[0].pk)
    # the other database: its admin is 9,001, another admin unknown here is 9,002, and Aria's account
    # has the id that this database's admin has (so it must move)
    data = renumbered(renumbered(backup.backup_data(), admin_user.pk, 9_001), aria.user_id, admin_user.pk)
    data["staff"].append([9_002, "old-treasurer"])
    rows = data["tables"]["bank.ledgerentry"]["rows"]
    actor = column(data, "bank.ledgerentry", "actor_id")
    by_player, by_old_treasurer, by_nobody = (row for row in rows if row[actor] == 9_001)
    by_player[actor] = admin_user.pk  # Aria's account in the file
    by_old_treasurer[actor] = 9_002
    by_nobody[actor] = 424_242  # an account removed before the backup: no one the file names

    restore(tmp_path, data)

    aria_user = Player.objects.get(pk=aria.pk).user_id
    assert aria_user != admin_user.pk
    stand_in = User.objects.get(username="former-staff-old-treasurer")
    actors = dict(
        LedgerEntry.objects.filter(pk__in=[by_player[0], by_old_treasurer[0], by_nobody[0]]).values_list(
            "pk", "actor_id"
        )
    )
    assert actors == {by_player[0]: aria_user, by_old_treasurer[0]: stand_in.pk, by_nobody[0]: None}
    assert reconcile().differences == []


def test_a_restored_bank_never_hands_out_an_id_its_ledger_still_names(admin_user, tmp_path):
    """A removed player's loan keeps what it was paid back on its account: a new loan, or a new
    player, must not take its id after a restore into a new database."""
    stock_bank(admin=admin_user)
    gone = PlayerFactory(name="Gone")
    loan = loan_services.loan_create(player_id=gone.pk, value=100_000, total_days=5, admin=admin_user)
    loan_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    savings = savings_services.savings_create(player_id=gone.pk, invested_value=300_000, admin=admin_user)
    players_bulk_delete(player_ids=[gone.pk], admin=admin_user)
    data = backup.backup_data()
    if connection.vendor == "sqlite":
        # a new database file: SQLite's high-water marks are not the old file's
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM sqlite_sequence")

    restore(tmp_path, data)

    newcomer = PlayerFactory(name="Newcomer")
    assert newcomer.pk > gone.pk
    new_loan = loan_services.loan_create(player_id=newcomer.pk, value=100_000, total_days=5, admin=admin_user)
    loan_services.loan_payment_mark(loan_id=new_loan.pk, status="Paid", admin=admin_user)
    new_savings = savings_services.savings_create(player_id=newcomer.pk, invested_value=100_000, admin=admin_user)
    assert (new_loan.pk > loan.pk, new_savings.pk > savings.pk) == (True, True)
    assert reconcile().differences == []
