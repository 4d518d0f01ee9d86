"""The Audit tab's reads: the entries a set of filters selects (an officer, a player by id or by name,
a kind, a range of days), a page at a time or all of them as CSV, and the officers to pick from."""

import csv
import io
import json
from datetime import date, datetime, time, timedelta

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import User
from bank import audit, clock
from bank.models import AuditEntry

from .statements import safe_cell

CSV_MAX_ROWS = 50_000
CSV_COLUMNS = ["time", "officer", "action", "object", "player", "before", "after"]


def _start_of(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min))


def audit_entries(
    *,
    officer: str = "",
    player_id: int | None = None,
    player: str = "",
    kind: str = "",
    first: date | None = None,
    last: date | None = None,
) -> QuerySet[AuditEntry]:
    """The entries the filters select, newest first (no query until read). The days are the bank's
    days, `last` included; `player` finds a player's name anywhere in it, ignoring case."""
    entries = AuditEntry.objects.all()
    if officer:
        entries = entries.filter(actor_name__iexact=officer)
    if player_id is not None:
        entries = entries.filter(player_id=player_id)
    if player:
        entries = entries.filter(player_name__icontains=player)
    if kind:
        entries = entries.filter(kind=kind)
    if first is not None:
        entries = entries.filter(created_at__gte=_start_of(first))
    if last is not None:
        entries = entries.filter(created_at__lt=_start_of(last + timedelta(days=1)))
    return entries.order_by("-id")


def audit_page(*, offset: int, limit: int, **filters) -> dict:
    """The entries, newest first, a page at a time. 2 queries: the count and the page."""
    entries = audit_entries(**filters)
    return {"count": entries.count(), "entries": list(entries[offset : offset + limit])}


def audit_officers() -> list[dict]:
    """Every officer, active or not, to pick from (the filter matches what they did under their
    username). 1 query."""
    rows = User.objects.filter(is_staff=True).order_by("username").values("username", "display_name", "is_active")
    return [{"username": r["username"], "display_name": r["display_name"], "active": r["is_active"]} for r in rows]


def _values(values) -> str:
    return json.dumps(values, sort_keys=True, default=str, ensure_ascii=False) if values else ""


def audit_csv(entries: QuerySet[AuditEntry]) -> tuple[bytes, int]:
    """The selected entries as CSV (UTF-8 with BOM, as the statements), newest first, at most
    CSV_MAX_ROWS of them; with how many there were in all. 2 queries: the count and the rows."""
    total = entries.count()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for entry in entries[:CSV_MAX_ROWS].iterator(chunk_size=2000):
        writer.writerow(
            [
                safe_cell(cell)
                for cell in (
                    clock.local(entry.created_at).isoformat(timespec="seconds"),
                    entry.actor_name,
                    audit.KINDS.get(entry.kind, entry.kind),
                    audit.object_label(
                        object_type=entry.object_type, object_id=entry.object_id, text=entry.object_label
                    ),
                    entry.player_name,
                    _values(entry.before),
                    _values(entry.after),
                )
            ]
        )
    return ("\ufeff" + out.getvalue()).encode("utf-8"), total
