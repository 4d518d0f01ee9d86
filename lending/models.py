from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q

from accounts.models import Player


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
        # covers "the Paid entries' sum per loan" (the Overview's outstanding total, bank/dashboard.py)
        # without reading the table's rows: 1,000,000 entries summed in the index alone
        indexes = [models.Index(fields=["loan", "status", "value"], name="loan_payment_paid_sum")]
        constraints = [
            models.UniqueConstraint(fields=["loan", "date"], name="loan_payment_one_per_day"),
            models.CheckConstraint(condition=Q(value__gte=0), name="loan_payment_value_not_negative"),
            models.CheckConstraint(condition=Q(status="Paid") | Q(value=0), name="loan_payment_not_paid_is_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.loan_id} {self.date} {self.status}"


class PendingLoan(models.Model):
    """A player's loan request, with the rate and total the server computed when it was made."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        DENIED = "denied"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pending_loans")
    value = models.BigIntegerField()
    total_days = models.PositiveIntegerField()
    interest_rate = models.DecimalField(max_digits=6, decimal_places=4)
    total_to_pay = models.BigIntegerField()
    request_reason = models.TextField(blank=True, default="")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="loan_requests"
    )
    request_date = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True)
    admin_notes = models.TextField(blank=True, default="")
    # a decision keeps its decider: admins who decided requests are not deleted
    approved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    approved_date = models.DateTimeField(null=True, blank=True)
    denied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    denied_date = models.DateTimeField(null=True, blank=True)
    converted_loan = models.ForeignKey(
        Loan, null=True, blank=True, on_delete=models.SET_NULL, related_name="from_requests"
    )

    # four eyes (docs/rules.md): the officers who approved while it waited for a second one,
    # [{"officer_id", "officer", "at", "notes"}], written under the request's row lock
    approvals = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-request_date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(value__gt=0), name="pending_loan_value_positive"),
            models.CheckConstraint(condition=Q(total_days__gt=0), name="pending_loan_total_days_positive"),
            models.CheckConstraint(condition=Q(total_to_pay__gt=0), name="pending_loan_total_to_pay_positive"),
            models.CheckConstraint(condition=Q(interest_rate__gte=0), name="pending_loan_rate_not_negative"),
            models.CheckConstraint(
                condition=~Q(status="approved") | (Q(approved_by__isnull=False) & Q(approved_date__isnull=False)),
                name="pending_loan_approved_has_decider",
            ),
            models.CheckConstraint(
                condition=~Q(status="denied") | (Q(denied_by__isnull=False) & Q(denied_date__isnull=False)),
                name="pending_loan_denied_has_decider",
            ),
        ]

    def __str__(self) -> str:
        return f"Loan request #{self.pk} {self.player_id} €{self.value:,} {self.status}"


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
    auto_processed = models.BooleanField(default=False)
    reverted_from = models.CharField(max_length=8, blank=True, default="")
    points_awarded = models.BooleanField(default=False)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    marked_at = models.DateTimeField(auto_now=True)

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


class WithdrawalRequest(models.Model):
    """A player's request to take bread out of their savings at a time that suits them."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        DENIED = "denied"

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="withdrawal_requests")
    amount = models.BigIntegerField()
    withdrawal_date = models.DateField()
    withdrawal_time = models.TimeField()
    player_timezone = models.SmallIntegerField(help_text="GMT offset in hours, -12 to 12")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True)
    admin_notes = models.TextField(blank=True, default="")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # four eyes (docs/rules.md): the officers who approved while it waited for a second one,
    # [{"officer_id", "officer", "at", "notes"}], written under the request's row lock
    approvals = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="withdrawal_amount_positive"),
            models.CheckConstraint(
                condition=Q(player_timezone__gte=-12) & Q(player_timezone__lte=12), name="withdrawal_timezone_range"
            ),
            models.CheckConstraint(
                condition=Q(status="pending") | (Q(decided_by__isnull=False) & Q(decided_at__isnull=False)),
                name="withdrawal_decision_has_decider",
            ),
        ]

    def __str__(self) -> str:
        return f"Withdrawal #{self.pk} {self.player_id} €{self.amount:,} {self.status}"
