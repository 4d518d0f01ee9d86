"""The bank-wide features' own records: the checks of the books, the daily jobs' runs and the daily backups."""

from django.core.serializers.json import DjangoJSONEncoder
from django.db import models


class ReconcileRun(models.Model):
    """One check of the books (`operations.reconcile`): when, how many accounts, and what differed."""

    checked_at = models.DateTimeField(db_index=True)
    accounts_checked = models.PositiveIntegerField()
    differences = models.JSONField(default=list, blank=True)

    class Meta:
        db_table = "bank_reconcilerun"  # the table it had in the plumbing (bank 0010, operations 0001)
        ordering = ["-checked_at", "-id"]

    def __str__(self) -> str:
        state = f"{len(self.differences)} differences" if self.differences else "the books balance"
        return f"reconcile at {self.checked_at:%Y-%m-%d %H:%M}: {state}"


class ScheduledJob(models.Model):
    """A job the bank runs by itself once a day (operations/jobs.py): when it last ran, and what it did.

    Several task workers may run it (every server of `make run`, the `db_worker` processes of
    `make serve`, on one machine or several): a run is claimed with a conditional UPDATE first, so one
    of them runs it.
    """

    name = models.CharField(max_length=48, primary_key=True)
    last_started_at = models.DateTimeField(null=True, blank=True)
    last_finished_at = models.DateTimeField(null=True, blank=True)
    last_succeeded_at = models.DateTimeField(null=True, blank=True)
    last_outcome = models.CharField(max_length=300, blank=True, default="", help_text="what the last run did")
    last_error = models.CharField(max_length=300, blank=True, default="")
    claimed_until = models.DateTimeField(null=True, blank=True, help_text="a run in progress holds the job until then")
    requested_at = models.DateTimeField(
        null=True, blank=True, help_text="an officer asked for a run now: the scheduler's next check runs it"
    )

    class Meta:
        db_table = "bank_scheduledjob"  # the table it had in the plumbing (bank 0010, operations 0001)
        ordering = ["name"]

    def __str__(self) -> str:
        return f"{self.name}: last run {self.last_started_at or 'never'}"


class BackupRun(models.Model):
    """One daily backup (operations/backup_schedule.py): the file written to BANK_BACKUP_DIR, and what
    checking it found (restored into a scratch database and reconciled there, operations/backup_check.py).
    The Overview and /metrics read the newest (`operations.backup.last_backup`)."""

    class State(models.TextChoices):
        CHECKING = "checking", "Written, being checked"
        VERIFIED = "verified", "Written and checked"
        FAILED = "failed", "Failed"

    created_at = models.DateTimeField(db_index=True, help_text="when the backup was taken (its data's moment)")
    file_name = models.CharField(max_length=200, blank=True, default="", help_text="empty when none was written")
    directory = models.CharField(max_length=1000, help_text="BANK_BACKUP_DIR at the time")
    size_bytes = models.BigIntegerField(null=True, blank=True)
    state = models.CharField(max_length=16, choices=State.choices, default=State.CHECKING)
    checked_at = models.DateTimeField(null=True, blank=True, help_text="when the check (or the failure) ended")
    detail = models.CharField(
        max_length=500, blank=True, default="", help_text="what the check found, or why the backup failed"
    )

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"backup at {self.created_at:%Y-%m-%d %H:%M}: {self.state}"


class DailyFigures(models.Model):
    """The bank's figures for one day (`operations.bank_health`), written by the daily job from the ledger
    and the loans' payment history, never from a page of a list: stocks at the day's end, the day's
    movements, the players and the arrears. Amounts are whole bread."""

    day = models.DateField(unique=True)
    # held at the end of the day
    savings_held = models.BigIntegerField(help_text="the savings balances, from their ledger entries")
    solo_dividends_held = models.BigIntegerField()
    open_loans = models.PositiveIntegerField(help_text="loans lent by the day's end and not closed")
    loans_outstanding = models.BigIntegerField(help_text="what the open loans still owe")
    loans_principal_outstanding = models.BigIntegerField()
    loans_interest_outstanding = models.BigIntegerField(help_text="interest still to come")
    # moved during the day (the ledger's entries of the day)
    savers_interest = models.BigIntegerField(help_text="interest paid to savers: paid out or compounded")
    loan_interest_collected = models.BigIntegerField(help_text="the interest part of what loans were repaid")
    solo_dividends_added = models.BigIntegerField(help_text="pay-offs' share of the interest")
    lent = models.BigIntegerField(help_text="loans lent, and edits of their value")
    repaid = models.BigIntegerField(help_text="loan days paid (less days changed from Paid) and pay-offs' rest")
    written_off = models.BigIntegerField(help_text="what the bank forgave")
    withdrawals = models.BigIntegerField()
    deposits = models.BigIntegerField(help_text="bread put into new savings")
    pearl_bread_in = models.BigIntegerField(help_text="pearls bought from the bank: bread paid to it")
    pearl_bread_out = models.BigIntegerField(help_text="pearls sold to the bank: bread it paid")
    # players
    players_all = models.PositiveIntegerField()
    players_with_product = models.PositiveIntegerField(help_text="with savings holding bread or an open loan")
    players_new = models.PositiveIntegerField()
    # arrears at the day's end (docs/rules.md, "Arrears")
    arrears_loans = models.PositiveIntegerField()
    arrears_amount = models.BigIntegerField()
    arrears_outstanding = models.BigIntegerField(help_text="what the loans in arrears still owe")
    arrears_1_3_count = models.PositiveIntegerField()
    arrears_1_3_amount = models.BigIntegerField()
    arrears_1_3_outstanding = models.BigIntegerField()
    arrears_4_7_count = models.PositiveIntegerField()
    arrears_4_7_amount = models.BigIntegerField()
    arrears_4_7_outstanding = models.BigIntegerField()
    arrears_8_30_count = models.PositiveIntegerField()
    arrears_8_30_amount = models.BigIntegerField()
    arrears_8_30_outstanding = models.BigIntegerField()
    arrears_over_30_count = models.PositiveIntegerField()
    arrears_over_30_amount = models.BigIntegerField()
    arrears_over_30_outstanding = models.BigIntegerField()
    computed_at = models.DateTimeField()

    class Meta:
        ordering = ["day"]
        verbose_name_plural = "daily figures"

    def __str__(self) -> str:
        return f"figures of {self.day}"


class ArrearsDigest(models.Model):
    """The officers' weekly digest of the arrears buckets (docs/rules.md, "Arrears"): one row a week (its
    Monday), written with the digest's message in one transaction by the daily job's first run of the week.
    The unique week is what makes it once a week whatever the number of workers or runs."""

    week = models.DateField(unique=True, help_text="the Monday of the week it was sent for")
    sent_on = models.DateField(help_text="the bank's day the daily job wrote it")
    book = models.JSONField(
        default=dict, encoder=DjangoJSONEncoder, help_text="the buckets it told, as loan_book answered them"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["week"]

    def __str__(self) -> str:
        return f"arrears digest of the week of {self.week}"
