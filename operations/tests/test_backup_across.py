"""A backup taken on one database restores exactly on the other: SQLite to PostgreSQL and back.

The test database of the run is one side; the other is made for the test: a SQLite file when the
run uses PostgreSQL (CI's second pass, `.ci/run`), else a scratch PostgreSQL database on
BANK_SCRATCH_POSTGRES_URL (default the machine's 127.0.0.1:5432, user postgres). The other side
runs `manage.py migrate`, `restore` and `backup` as a separate process, as an operator would.
"""

import json
import os
import subprocess
import sys
import uuid
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import connection

from accounts.models import User
from lending.savings import services as savings_services
from operations import backup
from operations.tests.stocked import stock_bank

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
SCRATCH_SERVER = os.environ.get("BANK_SCRATCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")


@pytest.fixture
def other_database(tmp_path):
    """The DATABASE_URL of an empty database of the other kind, removed afterwards."""
    if connection.vendor == "postgresql":
        yield f"sqlite:///{tmp_path / 'other.sqlite3'}"
        return
    import psycopg

    name = f"bank_backup_scratch_{uuid.uuid4().hex[:12]}"
    try:
        server = psycopg.connect(SCRATCH_SERVER, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        if os.environ.get("CI"):
            raise
        pytest.skip(f"no PostgreSQL at {SCRATCH_SERVER} for the cross-database round trip: {error}")
    with server:
        server.execute(f'CREATE DATABASE "{name}"')
        try:
            yield SCRATCH_SERVER.rsplit("/", 1)[0] + f"/{name}"
        finally:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def manage(database_url: str, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": database_url,
        "BANK_ADMIN_USERNAME": "admin",
        "BANK_ADMIN_PASSWORD": "across-admin-pass-1",
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        check=False,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def portable(data: dict) -> dict:
    """The tables with each staff member named by username: staff accounts are each database's own
    (a restore points the rows, and the ledger's actors, at the account of that name there), so their
    ids may differ."""
    staff = {pk: f"staff:{username}" for pk, username in data["staff"]}
    user_columns = {
        (backup.table_name(model), field.attname)
        for model in backup.MODELS
        for field in backup._columns(model)
        if field.is_relation and field.related_model is User
    } | {(backup.table_name(model), column) for model, columns in backup.LOOSE_USER_IDS.items() for column in columns}
    tables = {}
    for name, table in data["tables"].items():
        indexes = [i for i, column in enumerate(table["columns"]) if (name, column) in user_columns]
        rows = [[staff.get(v, v) if i in indexes else v for i, v in enumerate(row)] for row in table["rows"]]
        tables[name] = {"columns": table["columns"], "rows": rows}
    return tables


def test_a_backup_round_trips_exactly_across_sqlite_and_postgresql(admin_user, other_database, tmp_path):
    players = stock_bank(admin=admin_user)
    # an entry the admin made: its actor is the admin of the database it is restored into
    savings_services.savings_create(player_id=players[0].pk, invested_value=300_000, admin=admin_user)
    here = backup.backup_data()
    assert here["database"] == connection.vendor
    first = tmp_path / "here.json"
    first.write_text(backup.backup_json(here))

    # here -> there: every row arrives as it was (the admin account is the operator's, not the file's)
    steps = (
        ("migrate", "--noinput"),
        ("ensure_admin",),
        ("restore", str(first)),
        ("backup", "-o", str(tmp_path / "there.json")),
    )
    for step in steps:
        done = manage(other_database, *step)
        assert done.returncode == 0, done.stderr
    there = json.loads((tmp_path / "there.json").read_text())
    assert there["database"] != here["database"]
    assert portable(there) == portable(here)

    # there -> here: replacing this bank's data with the other database's backup changes nothing
    call_command("restore", str(tmp_path / "there.json"), "--replace", stdout=StringIO())
    assert portable(backup.backup_data()) == portable(here)
