"""Backup and restore of every bank table as one JSON file (docs/rules.md, "Backup").

The file:
    {"format": "guild-bank-backup", "format_version": 1, "created_at": "...Z", "database": "sqlite",
     "row_counts": {"lending.loan": 2, ...},
     "tables": {"lending.loan": {"columns": ["id", "player_id", ...], "rows": [[1, 3, ...], ...]}, ...}}
Each table's rows are in primary-key order with every column, in the form Django reads it back
exactly on SQLite and on PostgreSQL: whole numbers as JSON integers, rates as decimal strings
("0.0700"), dates and times in ISO 8601 (datetimes in UTC with microseconds). A round trip between
any two databases reproduces every row.

Sessions, sign-in tickets and idempotency records are not bank data (they expire within a day and
would sign nobody in on another server): they are left out, and a restore ends every session.
Bank-wide: this module sits on top of the apps and may read and write any of them.
"""

import json
from collections.abc import Iterable
from datetime import UTC, date, datetime, time
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import BooleanField, IntegerField
from django.utils import timezone

from accounts.models import BankSession, Player, User, WsTicket
from bank import audit, live
from bank.bulk import insert_rows
from bank.errors import BankError
from bank.models import IdempotencyRecord
from credit.models import CreditEvent
from exchange.models import ExchangeSettings, PearlExchangeRequest
from lending.models import Loan, LoanPayment, PendingLoan, Savings, SavingsWeek, SoloDividends, WithdrawalRequest

FORMAT = "guild-bank-backup"
FORMAT_VERSION = 1

# Every bank table, parents before children (a restore inserts in this order, a replace deletes
# in the reverse order).
MODELS = [
    User,
    Player,
    CreditEvent,
    SoloDividends,
    Loan,
    LoanPayment,
    Savings,
    SavingsWeek,
    PendingLoan,
    WithdrawalRequest,
    ExchangeSettings,
    PearlExchangeRequest,
]
# Not bank data: a restore or a replace empties them (every session ends).
TRANSIENT = [WsTicket, BankSession, IdempotencyRecord]


class BackupRefused(BankError):
    """A file the restore will not load; nothing was changed."""

    def __init__(self, detail: str, code: str = "backup_refused"):
        super().__init__(detail, code=code, status=400)


def table_name(model) -> str:
    return model._meta.label_lower


def _columns(model) -> list:
    return list(model._meta.concrete_fields)


def _encode(value):
    if isinstance(value, datetime):
        if timezone.is_naive(value):
            value = timezone.make_aware(value, UTC)
        return value.astimezone(UTC).isoformat().replace("+00:00", "Z")
    if isinstance(value, date | time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def backup_filename(created_at: datetime) -> str:
    return f"guild-bank-backup-v{FORMAT_VERSION}-{created_at.astimezone(UTC):%Y%m%d-%H%M%S}Z.json"


def backup_data(*, created_at: datetime | None = None) -> dict:
    """Every bank table, read in one transaction (one snapshot on PostgreSQL). One query a table."""
    created_at = created_at or timezone.now()
    tables, counts = {}, {}
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:  # only a transaction's first statement may set it
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        for model in MODELS:
            fields = _columns(model)
            names = [field.attname for field in fields]
            rows = [[_encode(value) for value in row] for row in model.objects.order_by("pk").values_list(*names)]
            tables[table_name(model)] = {"columns": names, "rows": rows}
            counts[table_name(model)] = len(rows)
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "created_at": _encode(created_at),
        "database": connection.vendor,
        "row_counts": counts,
        "tables": tables,
    }


def backup_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# --- restore ---------------------------------------------------------------------------------


def _damaged(why: str) -> BackupRefused:
    return BackupRefused(f"The backup file is damaged ({why}). Nothing was restored.", code="backup_damaged")


def backup_parse(text: str | bytes) -> dict:
    """The file's content, checked through and through before anything is written: the format and
    its version, every table and column, every row count, and every value's type."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise _damaged("it is not complete JSON: truncated or altered") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupRefused("This is not a Guild Bank backup file. Nothing was restored.", code="backup_unknown")
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise BackupRefused(
            f"This backup has format version {version!r}; this bank restores version {FORMAT_VERSION} only. "
            "Nothing was restored.",
            code="backup_version",
        )
    tables, counts = data.get("tables"), data.get("row_counts")
    if not isinstance(tables, dict) or not isinstance(counts, dict):
        raise _damaged("its tables are missing")
    expected = {table_name(model) for model in MODELS}
    if set(tables) != expected or set(counts) != expected:
        raise _damaged("its list of tables is not this bank's")
    decoded = {}
    for model in MODELS:
        name = table_name(model)
        table = tables[name]
        fields = _columns(model)
        if not isinstance(table, dict) or table.get("columns") != [field.attname for field in fields]:
            raise _damaged(f"the columns of {name} are not this bank's")
        rows = table.get("rows")
        if not isinstance(rows, list) or len(rows) != counts[name]:
            raise _damaged(f"{name} does not hold the {counts[name]!r} rows it announces")
        decoded[model] = [_decode_row(name, fields, row) for row in rows]
    return {"created_at": data.get("created_at"), "tables": decoded}


def _decode_row(name: str, fields: list, row) -> list:
    if not isinstance(row, list) or len(row) != len(fields):
        raise _damaged(f"a row of {name} does not have its {len(fields)} columns")
    values = []
    for field, sent in zip(fields, row, strict=True):
        if sent is None:
            if not field.null:
                raise _damaged(f"{name}.{field.attname} is empty where it may not be")
            values.append(None)
            continue
        reader = field.target_field if field.is_relation else field
        if not isinstance(sent, _json_type(reader)) or (
            isinstance(sent, bool) and not isinstance(reader, BooleanField)
        ):
            raise _damaged(f"{name}.{field.attname} holds {sent!r}")
        try:
            value = reader.to_python(sent)
        except ValidationError:
            raise _damaged(f"{name}.{field.attname} holds {sent!r}") from None
        if isinstance(value, datetime) and timezone.is_naive(value):
            raise _damaged(f"{name}.{field.attname} holds a time without its zone")
        values.append(value)
    return values


def _json_type(field) -> type | tuple[type, ...]:
    """The JSON type a backup writes the field's values as (see _encode)."""
    if isinstance(field, BooleanField):
        return bool
    if isinstance(field, IntegerField):  # every integer field, the auto ids and the big ones
        return int
    return str


def bank_row_counts() -> dict[str, int]:
    return {table_name(model): model.objects.count() for model in MODELS}


def _empty_all() -> None:
    for model in [*TRANSIENT, *reversed(MODELS)]:
        if model is User:
            # through Django's collector: the admin site's log and group links point at users too
            User.objects.all().delete()
        else:
            model.objects.all()._raw_delete(model.objects.db)


def restore(parsed: dict, *, replace: bool = False, actor=None) -> dict[str, int]:
    """Load a parsed backup in one transaction: into an empty bank, or with `replace` instead of all
    its data. Refused (nothing changed) when the bank holds data and `replace` is not given, or when
    the rows break a rule of the database. Answers how many rows each table received."""
    loaded = {}
    try:
        with transaction.atomic():
            if replace:
                _empty_all()
            else:
                held = {name: count for name, count in bank_row_counts().items() if count}
                if held:
                    listed = ", ".join(f"{count} in {name}" for name, count in held.items())
                    raise BackupRefused(
                        f"The database already holds bank data ({listed}). Restore into an empty database, "
                        "or replace all bank data with --replace. Nothing was restored.",
                        code="bank_not_empty",
                    )
            for model, rows in parsed["tables"].items():
                fields = _columns(model)
                prepared = (
                    [f.get_db_prep_save(v, connection) for f, v in zip(fields, row, strict=True)] for row in rows
                )
                loaded[table_name(model)] = insert_rows(model, [f.name for f in fields], prepared)
            _sequences_reset(MODELS)
            if connection.vendor == "postgresql":
                # foreign keys are checked at commit (deferred): check them here, inside the transaction
                with connection.cursor() as cursor:
                    cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            else:
                connection.check_constraints(table_names=[model._meta.db_table for model in MODELS])
            # the trail is not bank data: it outlives a replace and records the restore itself
            audit.record(
                actor=actor,
                kind="bank.restored",
                after={"replace": replace, "created_at": parsed.get("created_at"), "rows": loaded},
            )
            live.notify(live.KINDS, everyone=True)
    except (IntegrityError, DatabaseError) as error:
        first_line = (str(error).splitlines() or [type(error).__name__])[0]
        raise _damaged(f"the database refused its rows: {first_line}") from None
    return loaded


def _sequences_reset(models: Iterable) -> None:
    statements = connection.ops.sequence_reset_sql(no_style(), list(models))
    if statements:
        with connection.cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)
