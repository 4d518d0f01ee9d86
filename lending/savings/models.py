"""Savings accounts, their weeks and withdrawal requests."""

from django.conf import settings
from django.db import models
from django.db.models import Q

from accounts.models import Player
from bank.models import PlayerRequest


class Savings(models.Model):
    """A player's savings account. principal: first invested; invested_value: the balance now.

    next_week / next_due_date: the first week not yet recorded and the day it falls due (start +
    7 x week), kept by the services that record weeks or move the start, so that Check Savings
    filters and sorts by listing status in the database.
    """

    class Status(models.TextChoices):
        ACTIVE = "Active"
        WITHDRAWN = "Withdrawn"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="savings")
    principal = models.BigIntegerField(help_text="what was first invested, whole bread")
    invested_value = models.BigIntegerField(help_text="the balance now, whole bread")
    interest_rate = models.DecimalField(max_digits=6, decimal_places=4, help_text="weekly fraction: 0.07 = 7%")
    opening_rate = models.DecimalField(
        max_digits=6, decimal_places=4, null=True, blank=True, help_text="the weekly rate it opened with"
    )
    four_eyes = models.BooleanField(
        default=False, help_text="two officers opened it: every change of its terms takes two officers too"
    )
    start_date = models.DateField()
    next_week = models.PositiveIntegerField(default=1)
    next_due_date = models.DateField(db_index=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE, db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="savings_created"
    )
    admin_notes = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "savings"
        indexes = [models.Index(fields=["player", "status"])]
        constraints = [
            models.CheckConstraint(condition=Q(principal__gt=0), name="savings_principal_positive"),
            models.CheckConstraint(condition=Q(invested_value__gte=0), name="savings_balance_not_negative"),
            models.CheckConstraint(condition=Q(interest_rate__gte=0), name="savings_rate_not_negative"),
            models.CheckConstraint(condition=Q(next_week__gte=1), name="savings_next_week_from_1"),
            # an open account holds bread; a closed one holds none
            models.CheckConstraint(
                condition=(Q(status="Active") & Q(invested_value__gt=0))
                | (Q(status="Withdrawn") & Q(invested_value=0)),
                name="savings_balance_matches_status",
            ),
        ]

    def __str__(self) -> str:
        return f"Savings #{self.pk} {self.player_id} €{self.invested_value:,} {self.status}"


class SavingsWeek(models.Model):
    """One week of a savings account: Paid (its interest paid out) or Not Paid (compounded)."""

    class Status(models.TextChoices):
        PAID = "Paid"
        NOT_PAID = "Not Paid"

    savings = models.ForeignKey(Savings, on_delete=models.CASCADE, related_name="weeks")
    week = models.PositiveIntegerField()
    due_date = models.DateField()
    status = models.CharField(max_length=8, choices=Status.choices)
    interest = models.BigIntegerField(help_text="the week's interest: the balance before it x the rate")
    interest_compounded = models.BigIntegerField(default=0, help_text="added to the balance (Not Paid)")
    base = models.BigIntegerField(null=True, blank=True, help_text="the balance the interest was computed on")
    rate = models.DecimalField(
        max_digits=6, decimal_places=4, null=True, blank=True, help_text="the weekly rate the interest was computed at"
    )
    auto_processed = models.BooleanField(default=False)
    reverted_from = models.CharField(max_length=8, blank=True, default="")
    points_awarded = models.BooleanField(default=False)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    marked_at = models.DateTimeField(auto_now=True)
    created_at = models.DateTimeField(null=True, blank=True, help_text="when the week was first recorded")

    class Meta:
        ordering = ["savings_id", "week"]
        constraints = [
            models.UniqueConstraint(fields=["savings", "week"], name="savings_week_once"),
            models.CheckConstraint(condition=Q(week__gte=1), name="savings_week_from_1"),
            models.CheckConstraint(condition=Q(interest__gte=0), name="savings_week_interest_not_negative"),
            models.CheckConstraint(
                condition=(Q(status="Paid") & Q(interest_compounded=0))
                | (Q(status="Not Paid") & Q(interest_compounded=models.F("interest"))),
                name="savings_week_compounds_only_when_not_paid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.savings_id} week {self.week} {self.status}"


class WithdrawalRequest(PlayerRequest):
    """A player's request to take bread out of their savings at a time that suits them."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="withdrawal_requests")
    amount = models.BigIntegerField()
    withdrawal_date = models.DateField()
    withdrawal_time = models.TimeField()
    player_timezone = models.SmallIntegerField(help_text="GMT offset in hours, -12 to 12")

    class Meta(PlayerRequest.Meta):
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="withdrawal_amount_positive"),
            models.CheckConstraint(
                condition=Q(player_timezone__gte=-12) & Q(player_timezone__lte=12), name="withdrawal_timezone_range"
            ),
            models.CheckConstraint(
                condition=PlayerRequest.decided_has_decider(),
                name="withdrawal_decision_has_decider",
            ),
        ]

    def __str__(self) -> str:
        return f"Withdrawal #{self.pk} {self.player_id} €{self.amount:,} {self.status}"
