"""Backup and restore of every bank table as one JSON file (docs/rules.md, "Backup").

The file:
    {"format": "guild-bank-backup", "format_version": 4, "created_at": "...Z", "database": "sqlite",
     "row_counts": {"lending.loan": 2, ...},
     "tables": {"lending.loan": {"columns": ["id", "player_id", ...], "rows": [[1, 3, ...], ...]}, ...},
     "staff": [[1, "admin"], ...],
     "checksum": "sha256:...", "signature": "hmac-sha256:..."}
Trust (issue 20): the checksum is SHA-256 of everything else in the file, written canonically; the
signature is an HMAC of that checksum with the operator's key (BANK_BACKUP_KEY), so that a file edited
anywhere (a balance, an added account) is refused. Staff accounts are never in a backup: rows made by
an admin name them by id, and `staff` maps those ids to usernames; a restore points them at the staff
account of that name in the database it loads into (or at a stand-in that cannot sign in), and never
creates or changes a staff account. A ledger entry's actor (a plain id, not a foreign key) moves the
same way. A restore loads the ledger too, and the loaded books must
reconcile (operations/reconcile.py) inside the restore's transaction, or nothing is loaded.
Each table's rows are in primary-key order with every column, in the form Django reads it back
exactly on SQLite and on PostgreSQL: whole numbers as JSON integers, rates as decimal strings
("0.0700"), dates and times in ISO 8601 (datetimes in UTC with microseconds). A round trip between
any two databases reproduces every row.

Sessions, sign-in tickets, sign-in challenges and idempotency records are not bank data (they expire
within a day and would sign nobody in on another server): they are left out, and a restore ends every
session. Second factors (django-otp's tables: authenticator secrets, recovery codes) are never in a
backup either: a restore leaves the officers' alone (staff accounts are not restored), and a player's
go with the player's account that a replace swaps for the file's (the player sets one up again).
Bank-wide: this module sits on top of the apps and may read and write any of them.
"""

import hashlib
import hmac
import json
import os
from collections.abc import Iterable
from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.core.exceptions import ValidationError
from django.core.management.color import no_style
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import BooleanField, DateTimeField, IntegerField, JSONField, Max, Q, Subquery
from django.utils import timezone

from accounts.models import BankSession, Player, SignInChallenge, User, WsTicket
from bank import audit, clock, live, maintenance, writes
from bank.bulk import insert_rows
from bank.errors import BankError
from bank.models import DecisionRecord, IdempotencyRecord, LedgerEntry, Proposal
from bank.texts import counted, day_text
from credit.models import CreditEvent
from exchange.models import ExchangeSettings, PearlExchangeRequest
from lending.models import (
    Loan,
    LoanArrearsBucket,
    LoanPayment,
    PendingLoan,
    Savings,
    SavingsWeek,
    SoloDividends,
    WithdrawalRequest,
)
from operations.book_rules import RULES_START
from operations.models import BackupRun, DailyFigures

if TYPE_CHECKING:
    from operations.reconcile import Reconciliation

FORMAT = "guild-bank-backup"
FORMAT_VERSION = 4  # 3: decision records, write-offs, four eyes on products, rate bounds; 4: requests alike
# the older versions this bank still restores, each read as the current one (_from_version_3)
READS_VERSIONS = (3, FORMAT_VERSION)

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
    DecisionRecord,
    LedgerEntry,
]
# Not bank data: a restore or a replace empties them (every session ends, every proposal waiting for a
# second officer goes: it was computed on the records the restore replaces).
TRANSIENT = [WsTicket, SignInChallenge, BankSession, IdempotencyRecord, Proposal]
# Derived by the daily job from the bank's data, and not in a backup either: a restore or a replace empties
# them, and the next daily run writes them again from the restored books (each loan's arrears stay from the
# restored day on; the daily figures backfilled from the ledger, as on a bank's first run).
DERIVED = [LoanArrearsBucket, DailyFigures]


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


def _backed_up(model) -> dict:
    """Which rows of `model` a backup holds: all but staff and superuser accounts."""
    return {"is_staff": False, "is_superuser": False} if model is User else {}


def backup_data(*, created_at: datetime | None = None) -> dict:
    """Every bank table, read in one transaction (one snapshot on PostgreSQL), with the staff names
    its rows refer to; checksummed and signed (`sign`). One query a table, and one for the staff."""
    created_at = created_at or clock.now()
    tables, counts = {}, {}
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if connection.vendor == "postgresql" and outermost:  # only a transaction's first statement may set it
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        for model in MODELS:
            fields = _columns(model)
            names = [field.attname for field in fields]
            rows = [
                [_encode(value) for value in row]
                for row in model._default_manager.filter(**_backed_up(model)).order_by("pk").values_list(*names)
            ]
            tables[table_name(model)] = {"columns": names, "rows": rows}
            counts[table_name(model)] = len(rows)
        staff = [
            [pk, username]
            for pk, username in User.objects.filter(Q(is_staff=True) | Q(is_superuser=True))
            .order_by("pk")
            .values_list("pk", "username")
        ]
    return sign(
        {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "created_at": _encode(created_at),
            "database": connection.vendor,
            "row_counts": counts,
            "tables": tables,
            "staff": staff,
        }
    )


def backup_json(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def write_file(path: Path, text: str) -> int:
    """Write a backup's text to `path`, readable by its owner only (the file holds every player's
    password hash), through a `.partial` file renamed when complete: a crash never leaves a
    half-written file under the real name. Answers the size written, in bytes."""
    temporary = path.with_name(path.name + ".partial")
    temporary.unlink(missing_ok=True)
    data = text.encode()
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())  # on the other machine's disk before it counts as written
    temporary.replace(path)
    return len(data)


# --- checksum and signature ------------------------------------------------------------------

KEY_MISSING = (
    "Backups are signed with the key in BANK_BACKUP_KEY, which is not set on this server: "
    "the operator sets it (at least 32 characters, kept apart from the backups)."
)


def backup_key() -> bytes:
    key = getattr(settings, "BANK_BACKUP_KEY", "") or ""
    if len(key) < 32:
        raise BackupKeyMissing(KEY_MISSING)
    return key.encode()


class BackupKeyMissing(BankError):
    def __init__(self, detail: str):
        super().__init__(detail, code="backup_key_missing", status=503)


def checksum(content: dict) -> str:
    """SHA-256 of the file's content without its checksum and signature, written canonically."""
    body = {key: value for key, value in content.items() if key not in {"checksum", "signature"}}
    canonical = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(canonical.encode()).hexdigest()


def _signature(digest: str, key: bytes) -> str:
    return "hmac-sha256:" + hmac.new(key, digest.encode(), hashlib.sha256).hexdigest()


def sign(content: dict) -> dict:
    """The content with its checksum and the operator's signature of it."""
    digest = checksum(content)
    return {**content, "checksum": digest, "signature": _signature(digest, backup_key())}


# --- restore ---------------------------------------------------------------------------------


def _damaged(why: str) -> BackupRefused:
    return BackupRefused(f"The backup file is damaged ({why}). Nothing was restored.", code="backup_damaged")


# A backup nests 7 levels at most (the file, its tables, a table, its rows, a row, a decision's
# details, a change's [before, after]); a file nested deeper was not written by a bank.
MAX_NESTING = 32
_TOO_DEEP = (
    f"its JSON is nested more than {MAX_NESTING} levels deep, where a backup nests a few: altered or not a backup"
)


def _nested_deeper_than(value, limit: int) -> bool:
    """True when `value` holds lists or objects more than `limit` levels deep (walked without recursion)."""
    waiting = [(value, 1)]
    while waiting:
        container, depth = waiting.pop()
        if depth > limit:
            return True
        children = container.values() if isinstance(container, dict) else container
        waiting.extend((child, depth + 1) for child in children if isinstance(child, list | dict))
    return False


def backup_parse(text: str | bytes, *, unsigned: bool = False) -> dict:
    """The file's content, checked through and through before anything is written: its nesting, the
    format and its version, the checksum and (unless `unsigned`, said on purpose) the signature, every
    table and column, every row count, every value's type, and that it holds no staff account."""
    try:
        data = json.loads(text)
    except RecursionError:  # Python's JSON reader gives up some 1,500 levels deep
        raise _damaged(_TOO_DEEP) from None
    except (ValueError, UnicodeDecodeError):
        raise _damaged("it is not complete JSON: truncated or altered") from None
    # before the checksum, whose writing of the content would recurse as deep
    if isinstance(data, list | dict) and _nested_deeper_than(data, MAX_NESTING):
        raise _damaged(_TOO_DEEP)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BackupRefused("This is not a Guild Bank backup file. Nothing was restored.", code="backup_unknown")
    version = data.get("format_version")
    if version not in READS_VERSIONS:
        raise BackupRefused(
            f"This backup has format version {version!r}; this bank restores versions "
            f"{' and '.join(map(str, READS_VERSIONS))}. Nothing was restored.",
            code="backup_version",
        )
    if not isinstance(data.get("checksum"), str) or not hmac.compare_digest(data["checksum"], checksum(data)):
        raise BackupRefused(
            "The backup's checksum does not match its content: the file was changed or damaged after it was "
            "written. Nothing was restored.",
            code="backup_checksum",
        )
    if not unsigned:
        signature = data.get("signature")
        if not isinstance(signature, str) or not hmac.compare_digest(
            signature, _signature(data["checksum"], backup_key())
        ):
            raise BackupRefused(
                "The backup's signature is not this bank's (BANK_BACKUP_KEY): it was made with another key or "
                "changed since. Nothing was restored. To restore a file you trust anyway, say --unsigned.",
                code="backup_signature",
            )
    tables, counts = data.get("tables"), data.get("row_counts")
    if not isinstance(tables, dict) or not isinstance(counts, dict):
        raise _damaged("its tables are missing")
    if version == 3:  # checked and signed as it was written; read as this version
        tables = _from_version_3(tables)
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
    user_fields = [field.attname for field in _columns(User)]
    for row in decoded[User]:
        account = dict(zip(user_fields, row, strict=True))
        if account["is_staff"] or account["is_superuser"] or account.get("role"):
            raise BackupRefused(
                f"The backup holds a staff account ({account['username']!r}); a backup never does, so this "
                "file was altered. Nothing was restored.",
                code="backup_staff",
            )
    staff = data.get("staff")
    if not isinstance(staff, list) or not all(
        isinstance(pair, list) and len(pair) == 2 and type(pair[0]) is int and isinstance(pair[1], str)
        for pair in staff
    ):
        raise _damaged("its list of staff names is not this bank's")
    return {"created_at": data.get("created_at"), "tables": decoded, "staff": {pk: name for pk, name in staff}}


def _from_version_3(tables: dict) -> dict:
    """A version 3 file's tables as version 4 holds them: a loan request's decider and time were
    approved_by/approved_date or denied_by/denied_date (one of the two pairs, by its outcome) and its
    creation time request_date; and the requests' shared columns come first. Anything else about the
    file is checked afterwards as for any file (a table that does not fit is refused there)."""
    tables = dict(tables)
    loans = tables.get("lending.pendingloan")
    if isinstance(loans, dict) and isinstance(loans.get("columns"), list) and isinstance(loans.get("rows"), list):
        old, order = loans["columns"], [field.attname for field in _columns(PendingLoan)]
        rows = []
        for row in loans["rows"]:
            values = (
                dict(zip(map(str, old), row, strict=True)) if isinstance(row, list) and len(row) == len(old) else {}
            )
            approved_by, approved_at = values.pop("approved_by_id", None), values.pop("approved_date", None)
            denied_by, denied_at = values.pop("denied_by_id", None), values.pop("denied_date", None)
            values["decided_by_id"] = approved_by if approved_by is not None else denied_by
            values["decided_at"] = approved_at if approved_at is not None else denied_at
            values["created_at"] = values.pop("request_date", None)
            if set(values) != set(order):
                return tables  # not a version 3 table of loan requests: refused below, as damaged
            rows.append([values[column] for column in order])
        tables["lending.pendingloan"] = {**loans, "columns": order, "rows": rows}
    for model in MODELS:  # the columns in this version's order, when they are this version's columns
        name, order = table_name(model), [field.attname for field in _columns(model)]
        table = tables.get(name)
        if not isinstance(table, dict) or not isinstance(table.get("rows"), list):
            continue
        columns = table.get("columns")
        if not isinstance(columns, list) or columns == order or sorted(map(str, columns)) != sorted(order):
            continue
        at = [columns.index(column) for column in order]
        rows = [
            [row[index] for index in at] if isinstance(row, list) and len(row) == len(order) else row
            for row in table["rows"]
        ]
        tables[name] = {**table, "columns": order, "rows": rows}
    return tables


def _decode_row(name: str, fields: list, row) -> list:
    if not isinstance(row, list) or len(row) != len(fields):
        raise _damaged(f"a row of {name} does not have its {len(fields)} columns")
    values: list[object] = []
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
    if isinstance(field, JSONField):  # a request's four-eyes approvals
        return (list, dict)
    return str


def _empty_all() -> None:
    """Remove all bank data (the staff accounts stay: a restore never changes them)."""
    for model in [*TRANSIENT, *DERIVED, *reversed(MODELS)]:
        if model is User:
            # through Django's collector: the admin site's log and group links point at users too
            User.objects.filter(is_staff=False, is_superuser=False).delete()
        else:
            model._default_manager.all()._raw_delete(model._default_manager.db)


STAND_IN_PREFIX = "former-staff-"


def _user_ids(parsed: dict) -> dict[int, int]:
    """Where each user id the file names goes in this database. A player's account keeps its id
    unless a staff account here has it; a staff member the file names by id becomes this database's
    staff account of the same username, or a stand-in that can never sign in (not staff, inactive, no
    password), so that what they decided keeps a name. No staff account is created or changed."""
    staff_ids: dict[int, int] = {}
    here = dict(User.objects.filter(Q(is_staff=True) | Q(is_superuser=True)).values_list("username", "pk"))
    for old_id, username in parsed["staff"].items():
        if username in here:
            staff_ids[old_id] = here[username]
            continue
        stand_in, _ = User.objects.get_or_create(
            username=f"{STAND_IN_PREFIX}{username}"[:150],
            defaults={"is_active": False, "is_staff": False, "password": make_password(None)},
        )
        staff_ids[old_id] = stand_in.pk
    # after the stand-ins: the ids they took are taken too
    user_fields = [field.attname for field in _columns(User)]
    in_file = [dict(zip(user_fields, row, strict=True)) for row in parsed["tables"][User]]
    taken = set(User.objects.values_list("pk", flat=True))
    next_id = max([*taken, *(account["id"] for account in in_file), 0]) + 1
    ids: dict[int, int] = {}
    for account in in_file:
        if account["id"] in taken:
            ids[account["id"]] = next_id
            next_id += 1
        else:
            ids[account["id"]] = account["id"]
    return ids | staff_ids


# Columns that name a user by id without a foreign key (an entry outlives the account it names).
LOOSE_USER_IDS = {LedgerEntry: ("actor_id",), DecisionRecord: ("officer_id", "second_officer_id")}


def _with_user_ids(parsed: dict) -> dict:
    """The tables with every user id moved where `_user_ids` says; a row whose foreign key names a
    user the file does not hold is refused. A ledger entry's actor moves the same way (a player's
    account with its new id, a staff member to the account of that username here or its stand-in);
    an actor the file cannot name (an account removed before the backup) is left empty rather than
    pointed at whoever holds that id here."""
    ids = _user_ids(parsed)
    tables = dict(parsed["tables"])
    for model in MODELS:
        fields = _columns(model)
        columns = [
            index
            for index, field in enumerate(fields)
            if (field.is_relation and field.related_model is User) or (model is User and field.primary_key)
        ]
        loose = [index for index, field in enumerate(fields) if field.attname in LOOSE_USER_IDS.get(model, ())]
        if not columns and not loose:
            continue
        moved = []
        for row in tables[model]:
            values = list(row)
            for index in columns:
                if values[index] is None:
                    continue
                if values[index] not in ids:
                    raise _damaged(f"{table_name(model)}.{fields[index].attname} names user {values[index]}, not in it")
                values[index] = ids[values[index]]
            for index in loose:
                if values[index] is not None:
                    values[index] = ids.get(values[index])
            moved.append(values)
        tables[model] = moved
    return tables


def _refuse_unbalanced_books() -> "Reconciliation":
    from operations.reconcile import reconcile

    books = reconcile()
    differences = books.differences
    if differences:
        # each difference is a sentence: its full stop gives way to the list's
        listed = "; ".join(f"{difference.label}: {difference.what.rstrip('.')}" for difference in differences[:5])
        more = f" (and {len(differences) - 5} more)" if len(differences) > 5 else ""
        raise BackupRefused(
            f"The backup's books do not balance: {listed}{more}. Nothing was restored.", code="backup_unbalanced"
        )
    return books


# --- an older backup ----------------------------------------------------------------------------

_DECISION_KIND = [field.attname for field in DecisionRecord._meta.concrete_fields].index("kind")


def _dated_columns(model) -> list[int]:
    """The positions of the model's times: when each row was made, changed or decided. A sign-in's
    time is left out (it changes nothing in the bank)."""
    return [
        index
        for index, field in enumerate(_columns(model))
        if isinstance(field, DateTimeField) and not (model is User and field.attname == "last_login")
    ]


def _is_rules_start(model, row) -> bool:
    """The record a new database starts its books with (`books.rules_start`): written when the
    database was made, not by anything the bank did; a restore replaces it with the file's."""
    return model is DecisionRecord and row[_DECISION_KIND] == RULES_START


def _newest_in_file(parsed: dict) -> datetime | None:
    times = [
        row[index]
        for model, rows in parsed["tables"].items()
        for index in _dated_columns(model)
        for row in rows
        if row[index] is not None and not _is_rules_start(model, row)
    ]
    return max(times, default=None)


def _changed_in_bank(after: datetime) -> tuple[datetime | None, dict[str, int]]:
    """The newest time in the bank's data, and how many records of each table were made, changed or
    decided after `after` (one or two queries a table)."""
    newest, changed = None, {}
    for model in MODELS:
        fields = [_columns(model)[index].attname for index in _dated_columns(model)]
        rows = model._default_manager.filter(**_backed_up(model))
        if model is DecisionRecord:
            rows = rows.exclude(kind=RULES_START)
        times = [value for value in rows.aggregate(*(Max(name) for name in fields)).values() if value is not None]
        if not times or max(times) <= after:
            continue
        newest = max([*times, newest] if newest else times)
        since = Q()
        for name in fields:
            since |= Q(**{f"{name}__gt": after})
        changed[str(model._meta.verbose_name)] = rows.filter(since).count()
    return newest, changed


def _time_text(moment: datetime) -> str:
    return f"{day_text(moment.astimezone(UTC).date())} {moment.astimezone(UTC):%H:%M} UTC"


def _duration_text(delta: timedelta) -> str:
    """`2 days 3 hours`, `5 hours 20 minutes`, `12 minutes`: the two largest units."""
    minutes = int(delta.total_seconds() // 60)
    days, hours, minutes = minutes // (24 * 60), minutes // 60 % 24, minutes % 60
    if days:
        parts = [counted(days, "day"), counted(hours, "hour") if hours else ""]
    elif hours:
        parts = [counted(hours, "hour"), counted(minutes, "minute") if minutes else ""]
    else:
        parts = [counted(minutes, "minute") if minutes else "under a minute"]
    return " ".join(part for part in parts if part)


def _refuse_older_backup(parsed: dict) -> None:
    """A replace by a file whose newest data is older than the bank's would lose what happened since:
    refused, saying how much older the file is and what it would lose."""
    in_file = _newest_in_file(parsed)
    after = in_file or datetime.min.replace(tzinfo=UTC)  # a file with no dated record: everything is lost
    in_bank, changed = _changed_in_bank(after)
    if in_bank is None:
        return
    decided = (
        PendingLoan.objects.filter(decided_at__gt=after).count()
        + WithdrawalRequest.objects.filter(decided_at__gt=after).count()
        + PearlExchangeRequest.objects.filter(decided_at__gt=after).count()
    )
    entries = LedgerEntry.objects.filter(created_at__gt=after).count()
    if in_file is None:
        age = "This backup holds no dated record, and the bank holds data"
    else:
        age = (
            f"This backup is older than the bank's data: its newest record is from {_time_text(in_file)}, "
            f"{_duration_text(in_bank - in_file)} before the bank's newest ({_time_text(in_bank)})"
        )
    records = ", ".join(counted(count, name) for name, count in changed.items())
    raise BackupRefused(
        f"{age}. Restoring it would lose what happened since: {counted(decided, 'request')} decided (loans, "
        f"withdrawals, pearl exchanges) and {counted(entries, 'ledger entry', 'ledger entries')}, the newest at "
        f"{_time_text(in_bank)}; records made or changed since: {records}. Nothing was restored. Restore a "
        "newer backup, or say --accept-older to go back to this one anyway.",
        code="backup_older",
    )


def restore(parsed: dict, *, replace: bool = False, accept_older: bool = False, actor=None) -> dict[str, int]:
    """Load a parsed backup in one transaction: into an empty bank, or with `replace` instead of all
    its data, with the bank paused meanwhile (bank/maintenance.py: every write answers 503
    being_restored, reads go on; the writes in flight are waited for first). Refused (nothing changed)
    when the bank holds data and `replace` is not given, when the file's newest data is older than the
    bank's and `accept_older` is not given, when the rows break a rule of the database, when the loaded
    books do not reconcile, or when writes in flight did not end in time. The pause is lifted with the
    restore's commit, and in any case when it ends. Answers how many rows each table received."""
    with maintenance.paused_for_restore():
        return _restore_paused(parsed, replace=replace, accept_older=accept_older, actor=actor)


def _restore_paused(parsed: dict, *, replace: bool, accept_older: bool, actor) -> dict[str, int]:
    attempts = 1 if connection.in_atomic_block else RESTORE_ATTEMPTS  # a caller's transaction cannot run again
    attempt = 1
    while True:
        try:
            with transaction.atomic():
                loaded, _books = _load(parsed, replace=replace, accept_older=accept_older)
                # the trail is not bank data: it outlives a replace and records the restore itself
                audit.record(
                    actor=actor,
                    kind="bank.restored",
                    after={"replace": replace, "created_at": parsed.get("created_at"), "rows": loaded},
                )
                live.notify(live.KINDS, everyone=True)
                maintenance.lift()  # commits with the restored bank: no write is refused after it
        except (IntegrityError, DatabaseError) as error:
            if writes.is_conflict(error) and attempt < attempts:
                attempt += 1  # a deadlock with a write that was under way: everything rolled back, run it again
                continue
            raise _refused_rows(error) from None
        return loaded


def _refused_rows(error: DatabaseError) -> BackupRefused:
    first_line = (str(error).splitlines() or [type(error).__name__])[0]
    return _damaged(f"the database refused its rows: {first_line}")


def load_into_empty(parsed: dict) -> tuple[dict[str, int], "Reconciliation"]:
    """Load a parsed backup into the empty database of the current connection, in one transaction, as a
    restore into a new database does (its rules and its books checked the same way), without the
    pause, the audit entry or the notices of a restore: `operations.backup_check` loads a file into a
    scratch database so. Answers the rows each table received and the loaded books' reconciliation."""
    try:
        with transaction.atomic():
            return _load(parsed, replace=False, accept_older=False)
    except (IntegrityError, DatabaseError) as error:
        raise _refused_rows(error) from None


def _load(parsed: dict, *, replace: bool, accept_older: bool) -> tuple[dict[str, int], "Reconciliation"]:
    """The restore's work, inside the caller's transaction: the refusals, the rows, the sequences, the
    database's rules and the books. Answers the rows each table received and the books' reconciliation."""
    loaded = {}
    _lock_out_writers()
    if replace:
        if not accept_older:
            _refuse_older_backup(parsed)
        _empty_all()
    else:
        held = {name: count for name, count in bank_row_counts().items() if count}
        # a new database's books hold one record: where its rules start; the backup brings its own
        rules_start = DecisionRecord.objects.filter(kind=RULES_START)
        if held.get(table_name(DecisionRecord)) == rules_start.count():
            held.pop(table_name(DecisionRecord), None)
            if not held:
                rules_start._raw_delete(rules_start.db)
        if held:
            listed = ", ".join(f"{count} in {name}" for name, count in held.items())
            raise BackupRefused(
                f"The database already holds bank data ({listed}). Restore into an empty database, "
                "or replace all bank data with --replace. Nothing was restored.",
                code="bank_not_empty",
            )
    for model, rows in _with_user_ids(parsed).items():
        fields = _columns(model)
        prepared = ([f.get_db_prep_save(v, connection) for f, v in zip(fields, row, strict=True)] for row in rows)
        loaded[table_name(model)] = insert_rows(model, [f.name for f in fields], prepared)
    _sequences_reset(MODELS)
    _ids_past_the_ledger()
    if connection.vendor == "postgresql":
        # foreign keys are checked at commit (deferred): check them here, inside the transaction
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
    else:
        connection.check_constraints(table_names=[model._meta.db_table for model in MODELS])
    return loaded, _refuse_unbalanced_books()


RESTORE_ATTEMPTS = 5
# The tables a restore writes, in the order the bank's writes lock theirs (docs/rules.md, "Lock order":
# the call's key, accounts and players, requests, products, then the rest). Defence behind the pause:
# a write that passed the pause's check just before the pause began, and had not written yet when the
# restore stopped waiting, waits for the restore and then runs on the restored bank.
_LOCKED_BY_RESTORE = [
    IdempotencyRecord,
    BankSession,
    WsTicket,
    SignInChallenge,
    User,
    Player,
    PendingLoan,
    WithdrawalRequest,
    PearlExchangeRequest,
    Proposal,
    Loan,
    LoanArrearsBucket,
    LoanPayment,
    Savings,
    SavingsWeek,
    CreditEvent,
    SoloDividends,
    ExchangeSettings,
    DecisionRecord,
    LedgerEntry,
    DailyFigures,
]
assert {*MODELS, *TRANSIENT, *DERIVED} == set(_LOCKED_BY_RESTORE), "a table the restore writes is not locked"


def _lock_out_writers() -> None:
    """On PostgreSQL, no other write may slip in between a restore's removals and its loading (an
    approval that committed its ledger entry meanwhile stayed beside the restored rows, and the
    restore refused the backup's books as unbalanced): every table the restore writes is locked
    against writes, reads go on, until the restore commits. The pause refuses new writes and the
    restore waited for those in flight, so these locks only hold off a write that passed the pause's
    check at the moment it began. SQLite's IMMEDIATE transaction already holds every other writer off."""
    if connection.vendor != "postgresql":
        return
    tables = ", ".join(connection.ops.quote_name(model._meta.db_table) for model in _LOCKED_BY_RESTORE)
    with connection.cursor() as cursor:
        cursor.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")


def bank_row_counts() -> dict[str, int]:
    return {table_name(model): model._default_manager.filter(**_backed_up(model)).count() for model in MODELS}


def _sequences_reset(models: Iterable) -> None:
    statements = connection.ops.sequence_reset_sql(no_style(), list(models))
    if statements:
        with connection.cursor() as cursor:
            for sql in statements:
                cursor.execute(sql)


def _ledger_highest_ids() -> dict:
    """The highest id of each model that the ledger names: as an account (a savings account, a loan, a
    player), as an entry's player, or as its cause (four queries)."""
    by_name = {model._meta.model_name: model for model in MODELS}
    highest: dict = {}

    def note(model, value) -> None:
        if model is not None and value is not None:
            highest[model] = max(highest.get(model, 0), value)

    accounts = {
        LedgerEntry.Account.SAVINGS: Savings,
        LedgerEntry.Account.LOAN: Loan,
        LedgerEntry.Account.PLAYER: Player,
    }
    for kind, column in (("to_account", "to_id"), ("from_account", "from_id")):
        for account, value in LedgerEntry.objects.values_list(kind).annotate(Max(column)).order_by():
            note(accounts.get(account), value)
    for cause_type, value in LedgerEntry.objects.values_list("cause_type").annotate(Max("cause_id")).order_by():
        note(by_name.get(cause_type), value)
    note(Player, LedgerEntry.objects.aggregate(highest=Max("player_id"))["highest"])
    return highest


def _ids_past_the_ledger() -> None:
    """After a restore, each table's next id comes after every id the ledger names, not only after
    the rows loaded: a removed player's loan keeps what it was paid back on its account, and a new
    loan (or player) that took its id would inherit it. The sequences of a database are reset to the
    highest row loaded (PostgreSQL), or are a new file's (SQLite)."""
    for model, value in _ledger_highest_ids().items():
        table, pk = model._meta.db_table, model._meta.pk.column
        if model.objects.filter(pk__gte=value).exists():
            continue  # a row holds that id or a higher one: the sequence is past it already
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("SELECT setval(pg_get_serial_sequence(%s, %s), %s)", [table, pk, value])
            elif connection.vendor == "sqlite":
                cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
                found = cursor.fetchone()
                if found is None:
                    cursor.execute("INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, value])
                elif found[0] < value:
                    cursor.execute("UPDATE sqlite_sequence SET seq = %s WHERE name = %s", [value, table])


# --- the daily backups' state (the Overview, /metrics) --------------------------------------------

# the newest checked backup older than this is a warning: a day and two hours' slack for the daily run
STALE_AFTER = timedelta(hours=26)


def last_backup() -> BackupRun | None:
    """The newest daily backup's record (operations/backup_schedule.py), None before the first, with
    `last_verified_at`: when the newest backup that passed its check was taken (None if none did).
    One query. For the Overview (`backup_status`) and /metrics."""
    verified = BackupRun.objects.filter(state=BackupRun.State.VERIFIED).order_by("-created_at", "-id")
    return (
        BackupRun.objects.annotate(last_verified_at=Subquery(verified.values("created_at")[:1]))
        .order_by("-created_at", "-id")
        .first()
    )


def backups_enabled() -> bool:
    return bool(settings.BANK_BACKUP_DIR)


def backup_status(*, now: datetime | None = None) -> dict:
    """The daily backups at a glance (one query): the newest backup's time, file, size, state and what
    its check found; `stale` when no backup that passed its check was taken in the last STALE_AFTER,
    `failed` when the newest failed (written but refused by its check, or not written at all); and the
    warnings the Overview shows, in words, empty when all is well."""
    now = now or clock.now()
    run = last_backup()
    enabled = backups_enabled()
    last_verified_at = run.last_verified_at if run is not None else None  # type: ignore[attr-defined]
    failed = run is not None and run.state == BackupRun.State.FAILED
    stale = enabled and (last_verified_at is None or now - last_verified_at > STALE_AFTER)
    warnings = []
    if not enabled:
        warnings.append(
            "Daily backups are off: BANK_BACKUP_DIR is not set on the server. Set it to a folder on another "
            "machine's disk or mount (README, Backups)."
        )
    if failed:
        warnings.append(f"The last backup failed. {run.detail}")  # type: ignore[union-attr]
    if stale:
        if run is None:
            warnings.append(
                "No backup has been made yet: the daily backup runs within a minute while a task worker runs."
            )
        elif last_verified_at is None:
            warnings.append("No backup has passed its check yet.")
        else:
            warnings.append(
                f"The newest checked backup is {_duration_text(now - last_verified_at)} old, more than "
                f"{int(STALE_AFTER.total_seconds() // 3600)} hours: the daily backup has not run, or not passed "
                "its check, since."
            )
    return {
        "enabled": enabled,
        "last_at": run.created_at if run is not None else None,
        "last_file": run.file_name if run is not None else "",
        "last_size": run.size_bytes if run is not None else None,
        "last_state": run.state if run is not None else None,
        "last_detail": run.detail if run is not None else "",
        "last_verified_at": last_verified_at,
        "stale": stale,
        "failed": failed,
        "warnings": warnings,
    }
