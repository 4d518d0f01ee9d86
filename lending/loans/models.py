"""Loans, their day entries, loan requests and the solo dividends."""

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q

from accounts.models import Player
from bank.models import PlayerRequest


class SoloDividends(models.Model):
    """The bank-wide solo dividends: one row, one whole number of bread."""

    dividends = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "solo dividends"
        constraints = [models.CheckConstraint(condition=models.Q(dividends__gte=0), name="solo_dividends_not_negative")]

    def __str__(self) -> str:
        return f"solo dividends €{self.dividends:,}"

    @classmethod
    def locked(cls) -> "SoloDividends":
        """The one row, created on first use, locked until the caller's transaction ends."""
        cls.objects.get_or_create(pk=1)
        return cls.objects.select_for_update().get(pk=1)


class Loan(models.Model):
    """Bread lent to a player, paid back day by day. interest_rate is for the whole term."""

    class Status(models.TextChoices):
        ACTIVE = "Active"
        PAID_OFF = "Paid-Off"
        WRITTEN_OFF = "Written-Off"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="loans")
    value = models.BigIntegerField(help_text="principal, whole bread")
    interest_rate = models.DecimalField(max_digits=6, decimal_places=4, help_text="whole-term fraction: 0.30 = 30%")
    total_days = models.PositiveIntegerField()
    total_to_pay = models.BigIntegerField(help_text="round(value x (1 + interest_rate))")
    daily_payment = models.BigIntegerField(help_text="round(total_to_pay / total_days)")
    start_date = models.DateField()
    # kept by save() from start_date and total_days, so Check Loans finds "period over" in SQL
    end_date = models.DateField(db_index=True, help_text="the term's last day: start_date + total_days - 1")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE, db_index=True)
    paid_off = models.BooleanField(default=False)
    paid_off_at = models.DateTimeField(null=True, blank=True)
    paid_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    solo_gain = models.BigIntegerField(default=0, help_text="what this loan's pay-off added to the solo dividends")
    repaid_at_pay_off = models.BigIntegerField(
        default=0, help_text="the rest the player paid at once in the game when it was marked paid off"
    )
    written_off = models.BigIntegerField(default=0, help_text="what the bank forgave when it wrote the loan off")
    written_off_at = models.DateTimeField(null=True, blank=True)
    written_off_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    four_eyes = models.BooleanField(
        default=False, help_text="two officers lent it: every change of its terms takes two officers too"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="loans_created"
    )
    admin_notes = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(value__gt=0), name="loan_value_positive"),
            models.CheckConstraint(condition=Q(total_days__gt=0), name="loan_total_days_positive"),
            models.CheckConstraint(condition=Q(total_to_pay__gt=0), name="loan_total_to_pay_positive"),
            models.CheckConstraint(condition=Q(daily_payment__gte=0), name="loan_daily_payment_not_negative"),
            models.CheckConstraint(condition=Q(interest_rate__gte=0), name="loan_interest_rate_not_negative"),
            models.CheckConstraint(condition=Q(solo_gain__gte=0), name="loan_solo_gain_not_negative"),
            models.CheckConstraint(condition=Q(repaid_at_pay_off__gte=0), name="loan_repaid_at_pay_off_not_negative"),
            models.CheckConstraint(condition=Q(written_off__gte=0), name="loan_written_off_not_negative"),
            models.CheckConstraint(
                condition=(Q(status="Paid-Off") & Q(paid_off=True)) | (~Q(status="Paid-Off") & Q(paid_off=False)),
                name="loan_paid_off_matches_status",
            ),
        ]

    def __str__(self) -> str:
        return f"Loan #{self.pk} {self.player_id} €{self.value:,} {self.status}"

    def save(self, *args, **kwargs):
        self.end_date = self.start_date + timedelta(days=self.total_days - 1)
        update_fields = kwargs.get("update_fields")
        if update_fields is not None and {"start_date", "total_days"} & set(update_fields):
            kwargs["update_fields"] = {*update_fields, "end_date"}
        super().save(*args, **kwargs)


class LoanPayment(models.Model):
    """One loan day's entry: Paid (value = the daily payment) or Not Paid (value 0)."""

    class Status(models.TextChoices):
        PAID = "Paid"
        NOT_PAID = "Not Paid"

    loan = models.ForeignKey(Loan, on_delete=models.CASCADE, related_name="payments")
    date = models.DateField()
    status = models.CharField(max_length=8, choices=Status.choices)
    value = models.BigIntegerField(default=0)
    # the day's +5 credit points were given (once per loan day, whatever the re-marks)
    points_awarded = models.BooleanField(default=False)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    marked_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["loan_id", "date"]
        # covers "the Paid entries' sum per loan" (the Overview's outstanding total, operations/dashboard.py)
        # without reading the table's rows: 1,000,000 entries summed in the index alone
        indexes = [models.Index(fields=["loan", "status", "value"], name="loan_payment_paid_sum")]
        constraints = [
            models.UniqueConstraint(fields=["loan", "date"], name="loan_payment_one_per_day"),
            models.CheckConstraint(condition=Q(value__gte=0), name="loan_payment_value_not_negative"),
            models.CheckConstraint(condition=Q(status="Paid") | Q(value=0), name="loan_payment_not_paid_is_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.loan_id} {self.date} {self.status}"


class PendingLoan(PlayerRequest):
    """A player's loan request, with the rate and total the server computed when it was made."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pending_loans")
    value = models.BigIntegerField()
    total_days = models.PositiveIntegerField()
    interest_rate = models.DecimalField(max_digits=6, decimal_places=4)
    total_to_pay = models.BigIntegerField()
    request_reason = models.TextField(blank=True, default="")
    converted_loan = models.ForeignKey(
        Loan, null=True, blank=True, on_delete=models.SET_NULL, related_name="from_requests"
    )

    class Meta(PlayerRequest.Meta):
        constraints = [
            models.CheckConstraint(condition=Q(value__gt=0), name="pending_loan_value_positive"),
            models.CheckConstraint(condition=Q(total_days__gt=0), name="pending_loan_total_days_positive"),
            models.CheckConstraint(condition=Q(total_to_pay__gt=0), name="pending_loan_total_to_pay_positive"),
            models.CheckConstraint(condition=Q(interest_rate__gte=0), name="pending_loan_rate_not_negative"),
            models.CheckConstraint(
                condition=PlayerRequest.decided_has_decider(), name="pending_loan_decision_has_decider"
            ),
        ]

    def __str__(self) -> str:
        return f"Loan request #{self.pk} {self.player_id} €{self.value:,} {self.status}"


class LoanArrearsBucket(models.Model):
    """A stay of a loan in one arrears bucket (docs/rules.md, "Arrears"): the day it entered, the day it
    left (None while it is there), and its arrears when it entered. Written by the daily job
    (`lending.loans.services.loan_arrears_history_record`), at most one open stay a loan."""

    class Bucket(models.TextChoices):
        DAYS_1_3 = "1_3", "1–3 days"
        DAYS_4_7 = "4_7", "4–7 days"
        DAYS_8_30 = "8_30", "8–30 days"
        OVER_30 = "over_30", "Over 30 days"

    loan = models.ForeignKey(Loan, on_delete=models.CASCADE, related_name="arrears_buckets")
    bucket = models.CharField(max_length=8, choices=Bucket.choices)
    entered_on = models.DateField()
    left_on = models.DateField(null=True, blank=True)
    days_on_entry = models.PositiveIntegerField(help_text="days in arrears when it entered")
    amount_on_entry = models.BigIntegerField(help_text="bread in arrears when it entered")

    class Meta:
        ordering = ["loan_id", "entered_on", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["loan"], condition=Q(left_on__isnull=True), name="loan_arrears_one_open_bucket"
            ),
            models.CheckConstraint(condition=Q(amount_on_entry__gt=0), name="loan_arrears_amount_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.loan_id} {self.bucket} {self.entered_on}..{self.left_on or ''}"
