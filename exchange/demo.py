"""Demo pearl exchanges for `manage.py seed_demo`, made through the services: sales and purchases in
every status. Idempotent: nothing is added once any exchange request exists."""

from django.db import transaction

from accounts.models import Player, User
from bank.demo import DEMO_PLAYERS, history_controls
from lending.models import Savings

from . import services
from .models import PearlExchangeRequest


@transaction.atomic
def _seed_exchanges() -> None:
    names = [name for name, _discord, with_password, _solo in DEMO_PLAYERS if with_password][:3]
    players = {p.name: p for p in Player.objects.select_related("user").filter(name__in=names)}
    admin = User.objects.filter(is_staff=True).order_by("pk").first()
    if admin is None or len(players) < 3 or PearlExchangeRequest.objects.exists():
        return
    aria, borin, cyra = (players[name] for name in names)
    found = {
        p.pk: Savings.objects.filter(player=p, status=Savings.Status.ACTIVE).order_by("pk").first()
        for p in players.values()
    }
    savings = {pk: account for pk, account in found.items() if account is not None}
    if len(savings) < len(found):
        return  # the savings seeder adds the accounts these exchanges use

    def ask(player, kind, pearls, option, savings_id=None):
        return services.exchange_request_create(
            user=player.user,
            player_id=player.pk,
            exchange_type=kind,
            pearls_amount=pearls,
            savings_option=option,
            savings_id=savings_id,
        )

    # Aria: a sale cashed out (approved), and a sale into her savings still pending
    cashed = ask(aria, "sell", 20, "cashout")
    services.exchange_request_approve(request_id=cashed.pk, admin=admin, notes="Paid in the game")
    ask(aria, "sell", 10, "savings", savings[aria.pk].pk)
    # Borin: a purchase paid from his savings (approved), and a purchase pending
    bought = ask(borin, "buy", 5, "savings", savings[borin.pk].pk)
    services.exchange_request_approve(request_id=bought.pk, admin=admin)
    ask(borin, "buy", 3, "savings", savings[borin.pk].pk)
    # Cyra: a sale into new savings pending, and a purchase denied
    ask(cyra, "sell", 40, "new_savings")
    denied = ask(cyra, "buy", 50, "savings", savings[cyra.pk].pk)
    services.exchange_request_deny(request_id=denied.pk, admin=admin, reason="Pearls are out of stock this week.")


def seed_exchanges() -> None:
    with history_controls():
        _seed_exchanges()
