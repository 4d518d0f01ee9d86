from django.conf import settings
from django.db import models
from django.db.models import F, Q

from accounts.models import Player
from bank.models import PlayerRequest
from lending.models import Savings

from . import rules


class ExchangeSettings(models.Model):
    """The bank's pearl rates: one row, in whole bread per pearl."""

    sell_rate = models.BigIntegerField(default=rules.DEFAULT_SELL_RATE, help_text="bread a player receives per pearl")
    buy_rate = models.BigIntegerField(default=rules.DEFAULT_BUY_RATE, help_text="bread a player pays per pearl")
    last_updated = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name_plural = "exchange settings"
        constraints = [
            models.CheckConstraint(condition=Q(sell_rate__gt=0) & Q(buy_rate__gt=0), name="exchange_rates_positive"),
            models.CheckConstraint(condition=Q(sell_rate__lt=F("buy_rate")), name="exchange_sell_below_buy"),
        ]

    def __str__(self) -> str:
        return f"sell {self.sell_rate} / buy {self.buy_rate}"

    @classmethod
    def current(cls) -> "ExchangeSettings":
        """The rates (the defaults until an admin changes them); a read never writes."""
        return cls.objects.select_related("updated_by").filter(pk=1).first() or cls(pk=1)

    @classmethod
    def locked(cls) -> "ExchangeSettings":
        """The one row, created on first use, locked until the caller's transaction ends."""
        cls.objects.get_or_create(pk=1)
        return cls.objects.select_for_update().get(pk=1)


class PearlExchangeRequest(PlayerRequest):
    """A player's pearl sale or purchase, priced by the server when it was filed."""

    class Type(models.TextChoices):
        SELL = "sell"
        BUY = "buy"

    class Option(models.TextChoices):
        CASHOUT = rules.CASHOUT
        NEW_SAVINGS = rules.NEW_SAVINGS
        SAVINGS = rules.SAVINGS

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pearl_exchange_requests")
    exchange_type = models.CharField(max_length=4, choices=Type.choices)
    pearls_amount = models.BigIntegerField()
    exchange_rate = models.BigIntegerField(help_text="the bread per pearl used, fixed when the request was filed")
    bread_amount = models.BigIntegerField(help_text="pearls_amount x exchange_rate")
    savings_option = models.CharField(max_length=12, choices=Option.choices)
    savings = models.ForeignKey(
        Savings,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="pearl_exchanges",
        help_text="the account a sale grows or a purchase is paid from",
    )
    created_savings = models.ForeignKey(
        Savings,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="the account an approved sale into new savings opened",
    )

    class Meta(PlayerRequest.Meta):
        constraints = [
            models.CheckConstraint(condition=Q(pearls_amount__gt=0), name="pearl_exchange_pearls_positive"),
            models.CheckConstraint(condition=Q(exchange_rate__gt=0), name="pearl_exchange_rate_positive"),
            models.CheckConstraint(
                condition=Q(bread_amount=F("pearls_amount") * F("exchange_rate")),
                name="pearl_exchange_bread_is_pearls_times_rate",
            ),
            # a purchase is always paid from one of the player's savings accounts
            models.CheckConstraint(
                condition=Q(exchange_type="sell") | Q(savings_option="savings"), name="pearl_exchange_buy_from_savings"
            ),
            models.CheckConstraint(
                condition=PlayerRequest.decided_has_decider(),
                name="pearl_exchange_decision_has_decider",
            ),
        ]

    def __str__(self) -> str:
        return f"Pearl {self.exchange_type} #{self.pk} {self.player_id} {self.pearls_amount} pearls {self.status}"
