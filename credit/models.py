from django.conf import settings
from django.db import models

from accounts.models import Player


class CreditEvent(models.Model):
    """One change of one player's credit score, with the score before and after."""

    class Action(models.TextChoices):
        SAVINGS_OPENED = "savings_opened"
        WEEKLY_PAYMENT = "weekly_payment"
        LOAN_TAKEN = "loan_taken"
        PAYMENT_MADE = "payment_made"
        LOAN_COMPLETED = "loan_completed"
        DONATION = "donation"
        FRIEND_INVITE = "friend_invite"
        SAVINGS_WITHDRAWAL = "savings_withdrawal"
        BANK_WITHDRAWAL = "bank_withdrawal"
        PAYMENT_MISSED = "payment_missed"
        LOAN_DEFAULTED = "loan_defaulted"
        MANUAL_ADJUSTMENT = "manual_adjustment"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="credit_events")
    action_type = models.CharField(max_length=32, choices=Action.choices)
    reason = models.CharField(max_length=500)
    points_change = models.IntegerField(help_text="new_score - old_score, after clamping to 0..300")
    old_score = models.PositiveSmallIntegerField()
    new_score = models.PositiveSmallIntegerField()
    admin_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    timestamp = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-timestamp", "-id"]
        indexes = [models.Index(fields=["player", "-timestamp"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(new_score__lte=300) & models.Q(old_score__lte=300),
                name="credit_event_scores_0_to_300",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.action_type} {self.points_change:+d}"
