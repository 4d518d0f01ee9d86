"""One account's ledger entries, as the Overview's differences link to them (issue 30, item 3; site
layer: it names the officers and players who acted)."""

from django.db.models import Q, Sum

from accounts.models import User
from bank import ledger
from bank.models import LedgerEntry


def ledger_page(*, account: str, account_id: int | None, offset: int, limit: int) -> dict:
    """The entries into or out of the account, newest first, a page of them, what they all add up to,
    and who acted on each (the officer's display name, the player's name, or "system"). Five queries, whatever the size."""
    into = Q(to_account=account, to_id=account_id)
    out_of = Q(from_account=account, from_id=account_id)
    entries = LedgerEntry.objects.filter(into | out_of)
    incoming = LedgerEntry.objects.filter(into).aggregate(total=Sum("amount"))["total"] or 0
    outgoing = LedgerEntry.objects.filter(out_of).aggregate(total=Sum("amount"))["total"] or 0
    rows = list(entries.order_by("-id")[offset : offset + limit])
    actors = {entry.actor_id for entry in rows if entry.actor_id is not None}
    names = {}
    for pk, username, display_name, is_staff, player_name in User.objects.filter(pk__in=actors).values_list(
        "pk", "username", "display_name", "is_staff", "player__name"
    ):
        names[pk] = (display_name or username) if is_staff else (player_name or username)
    return {
        "count": entries.count(),
        "balance": incoming - outgoing,
        "entries": [
            {
                "id": entry.id,
                "created_at": entry.created_at,
                "amount": entry.amount,
                "direction": "in" if entry.to_account == account and entry.to_id == account_id else "out",
                "from_account": entry.from_account,
                "from_id": entry.from_id,
                "to_account": entry.to_account,
                "to_id": entry.to_id,
                "reason": entry.reason,
                "reason_label": ledger.REASONS.get(entry.reason, entry.reason),
                "player_id": entry.player_id,
                "cause_type": entry.cause_type,
                "cause_id": entry.cause_id,
                "actor": "system" if entry.actor_id is None else names.get(entry.actor_id, ""),
                "decision_id": entry.decision_id,
                "notes": entry.notes,
            }
            for entry in rows
        ],
    }
