"""Reads of pearl rates and requests: fixed query counts whatever the number of rows."""

from django.db.models import Case, IntegerField, QuerySet, Value, When

from accounts.models import Player

from . import rules
from .models import ExchangeSettings, PearlExchangeRequest


def exchange_settings() -> dict:
    """The rates, with when and by whom they last changed. 1 query."""
    row = ExchangeSettings.current()
    return {
        "sell_rate": row.sell_rate,
        "buy_rate": row.buy_rate,
        "last_updated": row.last_updated,
        "updated_by": row.updated_by.public_name if row.updated_by else None,  # players read it too
    }


def exchange_quote(*, exchange_type: str, pearls_amount: int | None) -> dict:
    """The Exchange Pearls form's preview, at the rate a request filed now would keep. 1 query."""
    rates = ExchangeSettings.current()
    rate = rates.sell_rate if exchange_type == PearlExchangeRequest.Type.SELL else rates.buy_rate
    return {
        "exchange_type": exchange_type,
        "pearls_amount": pearls_amount,
        "exchange_rate": rate,
        "bread_amount": rules.bread_for(pearls=pearls_amount, rate=rate) if pearls_amount else 0,
        "sell_rate": rates.sell_rate,
        "buy_rate": rates.buy_rate,
    }


def _requests() -> QuerySet[PearlExchangeRequest]:
    return PearlExchangeRequest.objects.select_related("player", "decided_by")


def exchange_history_for_player(*, player: Player) -> QuerySet[PearlExchangeRequest]:
    """The player's own requests, newest first. 1 query."""
    return _requests().filter(player=player).order_by("-created_at", "-id")


def exchange_requests_admin(*, status: str | None = None, offset: int = 0, limit: int = 50) -> dict:
    """Every request, pending first then newest first, a page at a time, with the pending count for
    the tab's badge. 3 queries."""
    requests = _requests()
    if status:
        requests = requests.filter(status=status)
    decided_last = Case(
        When(status=PearlExchangeRequest.Status.PENDING, then=Value(0)), default=Value(1), output_field=IntegerField()
    )
    return {
        "count": requests.count(),
        "pending_count": PearlExchangeRequest.objects.filter(status=PearlExchangeRequest.Status.PENDING).count(),
        "pearl_exchange_requests": list(requests.order_by(decided_last, "-created_at", "-id")[offset : offset + limit]),
    }
