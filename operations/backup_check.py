"""Check a backup file by restoring it into a scratch database and reconciling it there (docs/rules.md,
"Backup"): the daily backup checks each file it writes (operations/backup_schedule.py), and
`manage.py backup --verify FILE` checks any file by hand.

The check reads the file as a restore does (format, checksum, this bank's signature, every table,
row and value), then loads it into an empty database of the bank's schema, with the restore's own
code (`backup.load_into_empty`: the database's rules, the moved user ids, the sequences, and the
books, which must reconcile), and counts the rows loaded there against the file's. The bank's own
tables are never touched:

- the scratch database is made for the check and removed after it: on SQLite a file in a temporary
  folder (TMPDIR); on PostgreSQL a schema of its own in the bank's database (`bank_backup_check_<random>`,
  the connection's search_path names only it; dropped with everything in it at the end). The bank's
  database role needs the right to create a schema there (its owner has it);
- its tables are made from the code's models (the schema the migrations lead to), with Django's schema
  editor, in a second or so; replaying every migration took SQLite 13 seconds;
- the check's connection is a connection of its own (no pool), installed as the default connection of
  a thread that runs the check (Django keeps each thread's connections apart): everything the restore
  and the books check read and write in that thread (the ORM, `connection`, `transaction.atomic`) goes
  to the scratch database, and the caller's connection, with any transaction it holds, is left as it
  was. The caller waits for the thread.
"""

import copy
import logging
import secrets
import tempfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.utils import load_backend

from bank.texts import counted
from operations import backup

logger = logging.getLogger("operations.backup_check")

SCHEMA_PREFIX = "bank_backup_check_"


@dataclass(frozen=True)
class Checked:
    """A file that restored into a scratch database and whose books balance there."""

    created_at: str  # the backup's own time, as the file says it
    rows: int
    tables: int
    accounts_checked: int

    def text(self) -> str:
        return (
            f"Restored {counted(self.rows, 'row')} in {counted(self.tables, 'table')} into a scratch database; "
            f"the books balance: {counted(self.accounts_checked, 'account')} checked."
        )


def check_backup(text: str | bytes) -> Checked:
    """Check a backup file's content (see the module); answers what was checked, or raises
    backup.BackupRefused (the file would not restore, saying why) or backup.BackupKeyMissing."""
    parsed = backup.backup_parse(text)
    return in_scratch_database(lambda: _restore_and_count(parsed))


def _restore_and_count(parsed: dict) -> Checked:
    loaded, books = backup.load_into_empty(parsed)
    # read back what the database holds: every row the file announces, and a stand-in account for
    # each staff member it names (the scratch database has no staff)
    expected = {backup.table_name(model): len(rows) for model, rows in parsed["tables"].items()}
    expected[backup.table_name(backup.User)] += len(parsed["staff"])
    held = backup.bank_row_counts()
    short = {name: (count, held[name]) for name, count in expected.items() if held[name] != count}
    if short:
        listed = "; ".join(f"{name}: {want} expected, {got} loaded" for name, (want, got) in short.items())
        raise backup.BackupRefused(
            f"The backup did not load whole into a scratch database ({listed}).", code="backup_incomplete"
        )
    return Checked(
        created_at=str(parsed.get("created_at", "")),
        rows=sum(loaded.values()),
        tables=len(loaded),
        accounts_checked=books.accounts_checked,
    )


def in_scratch_database[T](work: Callable[[], T]) -> T:
    """Run `work` with an empty scratch database of the bank's schema as its default connection (see
    the module), and remove the database afterwards, whatever happened."""
    live = connections[DEFAULT_DB_ALIAS]  # its settings are read; the caller's connection is not opened
    # Django keeps a thread's connections apart from every other thread's: in a thread of its own, the
    # check's default connection is the scratch database's, and nothing it does can reach the bank's
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="backup-check") as executor:
        return executor.submit(_run_in_scratch, live.settings_dict, live.vendor, work).result()


def _run_in_scratch[T](live: dict, vendor: str, work: Callable[[], T]) -> T:
    with _scratch_settings(live, vendor) as (settings_dict, schema):
        backend = load_backend(settings_dict["ENGINE"])
        scratch = backend.DatabaseWrapper(settings_dict, DEFAULT_DB_ALIAS)
        connections[DEFAULT_DB_ALIAS] = scratch  # in this thread only
        try:
            if schema:
                with scratch.cursor() as cursor:
                    cursor.execute(f'CREATE SCHEMA "{schema}"')
            _create_tables(scratch)
            return work()
        finally:
            try:
                if schema:
                    with scratch.cursor() as cursor:
                        cursor.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
            except DatabaseError as error:  # the check's own answer (or error) matters more: said, not raised
                logger.warning("The scratch schema %s of a backup check was not dropped: %s", schema, error)
            finally:
                scratch.close()


@contextmanager
def _scratch_settings(live: dict, vendor: str) -> Iterator[tuple[dict, str]]:
    """The scratch database's settings, from the bank's: another file on SQLite (in a temporary folder,
    removed afterwards), another schema on PostgreSQL (answered, for the caller to make and drop). A
    connection of its own: never the pool's, whose connections serve the bank."""
    settings_dict = copy.deepcopy(live)
    options = settings_dict.setdefault("OPTIONS", {})
    options.pop("pool", None)
    settings_dict["CONN_MAX_AGE"] = 0
    settings_dict["CONN_HEALTH_CHECKS"] = False
    settings_dict["ATOMIC_REQUESTS"] = False
    settings_dict["AUTOCOMMIT"] = True
    if vendor == "sqlite":
        with tempfile.TemporaryDirectory(prefix="bank-backup-check-") as folder:
            settings_dict["ENGINE"] = "django.db.backends.sqlite3"  # no pool of kept connections (bank.sqlite)
            settings_dict["NAME"] = str(Path(folder) / "scratch.sqlite3")
            # a scratch file: nothing to keep if the machine stops
            options["init_command"] = "PRAGMA journal_mode=MEMORY; PRAGMA synchronous=OFF;"
            yield settings_dict, ""
    elif vendor == "postgresql":
        schema = f"{SCHEMA_PREFIX}{secrets.token_hex(6)}"
        settings_dict["ENGINE"] = "django.db.backends.postgresql"
        # every name the check uses, made or read, is found in the scratch schema only
        options["options"] = f"{options.get('options', '')} -c search_path={schema}".strip()
        yield settings_dict, schema
    else:
        raise backup.BackupRefused(f"A backup cannot be checked on a {vendor} database.", code="backup_check_vendor")


def _create_tables(scratch) -> None:
    """Every table of the installed apps' models, as the migrations leave them (constraints, indexes
    and foreign keys included), in the scratch database."""
    with scratch.schema_editor() as editor:
        for model in apps.get_models():
            if model._meta.managed and not model._meta.proxy:
                editor.create_model(model)
