"""The bank-wide features' own records: the checks of the books, the daily jobs' runs and the daily backups."""

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
