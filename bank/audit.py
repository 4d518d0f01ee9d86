"""The audit trail: every admin action that changes data writes one entry, in the same transaction as
the change (an entry never outlives a change that rolled back, nor a change its entry).

Plumbing (imports no app): services pass their model instances and this module copies what it
needs, ids and names included, so that an entry outlives what it names.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal

from django.db import transaction

from .models import AuditEntry
from .registry import merge

SYSTEM = "system"

# kind -> what it means, for the Audit tab's filter: each app registers its own (bank.vocabulary)
KINDS: dict[str, str] = {}


# What the trail calls the record an entry is about, by the record's model: its name and number
# ("Loan #12"), since the player and the values are shown beside it. Records not named here (a
# player, the exchange rates, the solo dividends) keep their own text ("Aria (aria.guild)").
# Each app names its own models (bank.vocabulary).
OBJECT_NAMES: dict[str, str] = {}


# How the Audit tab shows a recorded value, by field name: "money" (an amount of bread), "rate" (an
# interest rate, a fraction kept as text), "date", "datetime". Fields not named here are shown as
# they were recorded. Each app names its own fields (bank.vocabulary).
FIELD_KINDS: dict[str, str] = {}


def register(*, kinds: Mapping[str, str], objects: Mapping[str, str], fields: Mapping[str, str]) -> None:
    merge(KINDS, kinds, what="audit kind")
    merge(OBJECT_NAMES, objects, what="audit object")
    merge(FIELD_KINDS, fields, what="audit field")


def field_kinds(before, after) -> dict[str, str]:
    """The kind of each recorded field that has one (FIELD_KINDS), for an entry's values."""
    names = [name for values in (before, after) if isinstance(values, dict) for name in values]
    return {name: FIELD_KINDS[name] for name in names if name in FIELD_KINDS}


def object_label(*, object_type: str, object_id: int | None, text: str) -> str:
    """The record's label as the Audit tab shows it; `text` is the record's own (str) text."""
    name = OBJECT_NAMES.get(object_type)
    if name is None or object_id is None:
        return text[:200]
    return f"{name} #{object_id}"


def value(raw):
    """A field's value as JSON keeps it: amounts stay integers, rates and dates become text."""
    if isinstance(raw, Decimal):
        return str(raw)
    if isinstance(raw, datetime | date):
        return raw.isoformat()
    if isinstance(raw, dict):
        return {key: value(item) for key, item in raw.items()}
    if isinstance(raw, list | tuple):
        return [value(item) for item in raw]
    if raw is None or isinstance(raw, bool | int | float | str):
        return raw
    return str(raw)


def snapshot(obj, fields: Iterable[str]) -> dict:
    """The named fields of a model instance, as JSON keeps them (`<fk>_id` for a relation)."""
    return {name: value(getattr(obj, name)) for name in fields}


def _actor(actor) -> tuple[int | None, str]:
    if actor is None:
        return None, SYSTEM
    return actor.pk, actor.get_username()


def _entry(*, actor, kind: str, obj, before, after, player) -> AuditEntry:
    if kind not in KINDS:
        raise ValueError(f"unknown audit kind {kind!r}")
    actor_id, actor_name = _actor(actor)
    return AuditEntry(
        actor_id=actor_id,
        actor_name=actor_name[:150],
        kind=kind,
        object_type=obj._meta.model_name if obj is not None else "",
        object_id=obj.pk if obj is not None else None,
        object_label=object_label(object_type=obj._meta.model_name, object_id=obj.pk, text=str(obj))
        if obj is not None
        else "",
        player_id=player.pk if player is not None else None,
        player_name=getattr(player, "name", "")[:64] if player is not None else "",
        before=value(before or {}),
        after=value(after or {}),
    )


def _in_transaction() -> None:
    # an entry written outside the change's transaction could survive a change that rolled back
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("audit.record must run inside the transaction of the change it records")


def record(*, actor, kind: str, obj=None, before: dict | None = None, after: dict | None = None, player=None):
    """One entry for one admin action (`actor` None: the system did it). Call it inside the action's
    transaction, after its checks passed: the entry commits or rolls back with the change."""
    _in_transaction()
    entry = _entry(actor=actor, kind=kind, obj=obj, before=before, after=after, player=player)
    entry.save()
    # no notice of its own: the action's notice reaches the admins, and the Audit tab refreshes on any
    return entry


@dataclass(frozen=True)
class Change:
    """One object's change in an action that changes many at once (a migration, an overdue run)."""

    obj: object
    player: object
    before: dict
    after: dict


def record_many(*, actor, kind: str, changes: Iterable[Change], batch_size: int = 500) -> int:
    """One entry per changed object, inserted in batches (an action over thousands of rows)."""
    _in_transaction()
    entries = [
        _entry(actor=actor, kind=kind, obj=change.obj, before=change.before, after=change.after, player=change.player)
        for change in changes
    ]
    AuditEntry.objects.bulk_create(entries, batch_size=batch_size)
    return len(entries)
