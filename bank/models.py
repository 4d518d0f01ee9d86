"""Cross-cutting records of the bank plumbing (they reference no bank app)."""

from decimal import Decimal

from django.conf import settings
from django.db import models


class IdempotencyRecord(models.Model):
    """The first answer to a call made with an Idempotency-Key, kept 24 hours (bank.idempotency)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    scope = models.CharField(max_length=255, help_text="method and path of the call the key was used for")
    body_hash = models.CharField(
        max_length=64, help_text="HMAC-SHA-256 (keyed with SECRET_KEY) of the call's query and JSON body"
    )
    status_code = models.PositiveSmallIntegerField()
    response_body = models.TextField(help_text="the rendered JSON answer")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_once_per_user")]

    def __str__(self) -> str:
        return f"{self.scope} by user {self.user_id} ({self.status_code})"


class AppendOnlyError(Exception):
    """An audit entry was asked to change or go away: the trail only grows."""


class AuditQuerySet(models.QuerySet):
    """Entries are written once (create, bulk_create) and never changed or deleted through the app."""

    def update(self, **kwargs):
        raise AppendOnlyError("Audit entries cannot be changed")

    def bulk_update(self, objs, fields, batch_size=None):
        raise AppendOnlyError("Audit entries cannot be changed")

    def delete(self):
        raise AppendOnlyError("Audit entries cannot be deleted")

    def update_or_create(self, *args, **kwargs):
        raise AppendOnlyError("Audit entries cannot be changed")


class LedgerQuerySet(models.QuerySet):
    """Entries are written once and never changed or deleted through the app (a restore replaces the
    whole ledger with the backup's, operations/backup.py)."""

    def update(self, **kwargs):
        raise AppendOnlyError("Ledger entries cannot be changed")

    def bulk_update(self, objs, fields, batch_size=None):
        raise AppendOnlyError("Ledger entries cannot be changed")

    def delete(self):
        raise AppendOnlyError("Ledger entries cannot be deleted")

    def update_or_create(self, *args, **kwargs):
        raise AppendOnlyError("Ledger entries cannot be changed")


class LedgerEntry(models.Model):
    """One movement of bread: `amount` from one account to another, why, and what caused it.

    Written by `bank.ledger` in the transaction that changes the balance it explains, so that
    `reconcile` can recompute every balance from its entries. Accounts are a kind and an id: a savings
    account's balance, what a loan has been paid back, the solo dividends, the bread a player holds in
    the game, and the bank's own bread. Ids are copied, not linked: an entry outlives what it names.
    """

    class Account(models.TextChoices):
        SAVINGS = "savings", "Savings balance"
        LOAN = "loan", "Loan paid back"
        SOLO_DIVIDENDS = "solo_dividends", "Solo dividends"
        PLAYER = "player", "Player's bread in the game"
        BANK = "bank", "The bank"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    amount = models.BigIntegerField(help_text="whole bread, more than 0")
    from_account = models.CharField(max_length=16, choices=Account.choices)
    from_id = models.BigIntegerField(null=True, blank=True)
    to_account = models.CharField(max_length=16, choices=Account.choices)
    to_id = models.BigIntegerField(null=True, blank=True)
    reason = models.CharField(max_length=32, db_index=True)
    player_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    cause_type = models.CharField(max_length=32, blank=True, default="", help_text="the record that caused it")
    cause_id = models.BigIntegerField(null=True, blank=True)
    actor_id = models.BigIntegerField(null=True, blank=True, help_text="the acting user's id; empty for the system")
    notes = models.TextField(blank=True, default="")
    decision_id = models.BigIntegerField(
        null=True, blank=True, db_index=True, help_text="the officers' decision (DecisionRecord) that moved it"
    )

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "ledger entries"
        indexes = [
            models.Index(fields=["to_account", "to_id"], name="ledger_to_account"),
            models.Index(fields=["from_account", "from_id"], name="ledger_from_account"),
        ]
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gt=0), name="ledger_amount_positive"),
        ]

    def __str__(self) -> str:
        return f"€{self.amount:,} {self.from_account}:{self.from_id} -> {self.to_account}:{self.to_id} ({self.reason})"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise AppendOnlyError("Ledger entries cannot be changed")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Ledger entries cannot be deleted")


class AuditEntry(models.Model):
    """One admin action that changed data: who, when, what, the object, the values before and after.

    Written by `bank.audit.record` inside the action's own transaction. Ids and names are copied, not
    linked: an entry outlives the player, the admin and the object it names.
    """

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor_id = models.BigIntegerField(null=True, blank=True, help_text="the acting user's id; empty for the system")
    actor_name = models.CharField(max_length=150)
    kind = models.CharField(max_length=48, db_index=True)
    object_type = models.CharField(max_length=48, blank=True, default="")
    object_id = models.BigIntegerField(null=True, blank=True)
    object_label = models.CharField(max_length=200, blank=True, default="")
    player_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    player_name = models.CharField(max_length=64, blank=True, default="")
    before = models.JSONField(default=dict, blank=True)
    after = models.JSONField(default=dict, blank=True)

    objects = AuditQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "audit entries"
        indexes = [models.Index(fields=["player_id", "-id"], name="audit_player_newest")]

    def __str__(self) -> str:
        return f"{self.kind} by {self.actor_name} at {self.created_at:%Y-%m-%d %H:%M:%S}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise AppendOnlyError("Audit entries cannot be changed")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Audit entries cannot be deleted")


class OutboxMessage(models.Model):
    """A Discord message for a player, queued in the transaction that decided what it tells
    (`bank.outbox.enqueue`, with its delivery task) and delivered after it commits by a task worker,
    with retries (`bank.outbox.deliver`)."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    kind = models.CharField(max_length=48)
    player_id = models.BigIntegerField(null=True, blank=True)
    discord = models.CharField(max_length=64, blank=True, default="")
    content = models.TextField()
    officer = models.CharField(
        max_length=300, blank=True, default="", help_text="the officer(s) who decided it, named in the message"
    )
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(db_index=True, help_text="not tried again before this (back-off, claims)")
    claim = models.CharField(max_length=32, blank=True, default="", help_text="the deliverer holding the row now")
    delivered_at = models.DateTimeField(null=True, blank=True, db_index=True)
    last_error = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        state = "delivered" if self.delivered_at else f"undelivered after {self.attempts} attempts"
        return f"{self.kind} for player {self.player_id}: {state}"


class BankSettings(models.Model):
    """The bank's own settings, one row (docs/rules.md, "Four eyes" and "Bounds"), changed by treasurers.

    Loosening one (a higher threshold, wider rate bounds, a start date moved further back) is itself a
    decision that takes a second treasurer, or waits a published delay while the bank has one.
    """

    FOUR_EYES_ABOVE_DEFAULT = 1_000_000
    SAVINGS_RATE_MAX_DEFAULT = Decimal("0.10")
    LOAN_RATE_MAX_DEFAULT = Decimal("1.00")
    START_DATE_BACK_DAYS_DEFAULT = 7
    # the arrears buckets' last days (docs/rules.md, "Arrears"): 1–3, 4–7, 8–30 and over 30 days
    ARREARS_BUCKET_ENDS_DEFAULT = (3, 7, 30)
    AUTO_BAD_PAYER_DAYS_DEFAULT = 30

    id = models.PositiveSmallIntegerField(primary_key=True, default=1, editable=False)
    four_eyes_above = models.BigIntegerField(
        default=FOUR_EYES_ABOVE_DEFAULT,
        help_text="a decision paying out or lending more bread than this needs two different officers",
    )
    savings_rate_min = models.DecimalField(
        max_digits=6, decimal_places=4, default=Decimal("0"), help_text="the lowest weekly savings rate an officer sets"
    )
    savings_rate_max = models.DecimalField(
        max_digits=6,
        decimal_places=4,
        default=SAVINGS_RATE_MAX_DEFAULT,
        help_text="the highest weekly savings rate an officer sets",
    )
    loan_rate_min = models.DecimalField(
        max_digits=6, decimal_places=4, default=Decimal("0"), help_text="the lowest whole-term loan rate"
    )
    loan_rate_max = models.DecimalField(
        max_digits=6, decimal_places=4, default=LOAN_RATE_MAX_DEFAULT, help_text="the highest whole-term loan rate"
    )
    start_date_back_days = models.PositiveIntegerField(
        default=START_DATE_BACK_DAYS_DEFAULT,
        help_text="how many days back one officer may move a start date; further back takes two officers",
    )
    require_second_factor = models.BooleanField(
        default=False,
        help_text="every officer signs in with a second factor; one without is taken to enrolment and nothing else",
    )
    arrears_bucket_1_to = models.PositiveIntegerField(
        default=ARREARS_BUCKET_ENDS_DEFAULT[0], help_text="the first arrears bucket: 1 day to this many days"
    )
    arrears_bucket_2_to = models.PositiveIntegerField(
        default=ARREARS_BUCKET_ENDS_DEFAULT[1], help_text="the second arrears bucket ends on this many days"
    )
    arrears_bucket_3_to = models.PositiveIntegerField(
        default=ARREARS_BUCKET_ENDS_DEFAULT[2],
        help_text="the third arrears bucket ends on this many days; the fourth is every day past it",
    )
    auto_bad_payer = models.BooleanField(
        default=False,
        help_text="the daily job marks a player a bad payer when a loan of theirs is auto_bad_payer_days in arrears",
    )
    auto_bad_payer_days = models.PositiveIntegerField(
        default=AUTO_BAD_PAYER_DAYS_DEFAULT, help_text="days in arrears after which the bank marks the player"
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.CharField(max_length=150, blank=True, default="", help_text="the officer's username")

    class Meta:
        verbose_name_plural = "bank settings"
        constraints = [
            models.CheckConstraint(condition=models.Q(id=1), name="bank_settings_one_row"),
            models.CheckConstraint(condition=models.Q(four_eyes_above__gte=0), name="four_eyes_above_not_negative"),
            models.CheckConstraint(
                condition=models.Q(savings_rate_min__gte=0)
                & models.Q(savings_rate_min__lte=models.F("savings_rate_max")),
                name="savings_rate_bounds_ordered",
            ),
            models.CheckConstraint(
                condition=models.Q(loan_rate_min__gte=0) & models.Q(loan_rate_min__lte=models.F("loan_rate_max")),
                name="loan_rate_bounds_ordered",
            ),
            models.CheckConstraint(
                condition=models.Q(arrears_bucket_1_to__gte=1)
                & models.Q(arrears_bucket_2_to__gt=models.F("arrears_bucket_1_to"))
                & models.Q(arrears_bucket_3_to__gt=models.F("arrears_bucket_2_to")),
                name="arrears_buckets_increasing",
            ),
            models.CheckConstraint(condition=models.Q(auto_bad_payer_days__gte=1), name="auto_bad_payer_days_positive"),
        ]

    def __str__(self) -> str:
        return f"Bank settings (four eyes above €{self.four_eyes_above:,})"

    @classmethod
    def current(cls) -> "BankSettings":
        """The row, created with its defaults on the first read."""
        row, _ = cls.objects.get_or_create(pk=1)
        return row

    @classmethod
    def locked(cls) -> "BankSettings":
        cls.objects.get_or_create(pk=1)
        return cls.objects.select_for_update().get(pk=1)


class DecisionRecord(models.Model):
    """One change with a money effect that officers carried out (docs/rules.md, "Four eyes"): its kind,
    the player, the amount the server computed, the officer, and the second officer when it took two.

    Written by `bank.decisions` in the transaction of the change, before the ledger entries it
    causes (which carry its id). The rolling 24 hours of what one officer decided alone for one player
    are summed from here, and `reconcile` checks every one against the threshold of its time. Ids and
    names are copied, not linked: a record outlives the officers it names.
    """

    at = models.DateTimeField(db_index=True)
    kind = models.CharField(max_length=48)
    player_id = models.BigIntegerField(null=True, blank=True, help_text="empty for a bank-wide change")
    amount = models.BigIntegerField(help_text="the money effect the server computed, whole bread, 0 or more")
    officer_id = models.BigIntegerField(null=True, blank=True)
    officer_name = models.CharField(max_length=150)
    second_officer_id = models.BigIntegerField(null=True, blank=True)
    second_officer_name = models.CharField(max_length=150, blank=True, default="")
    four_eyes_above = models.BigIntegerField(help_text="the threshold when it was decided")
    object_type = models.CharField(max_length=48, blank=True, default="")
    object_id = models.BigIntegerField(null=True, blank=True)
    proposal_id = models.BigIntegerField(null=True, blank=True)
    details = models.JSONField(default=dict, blank=True, help_text="what changed: field -> [before, after]")

    objects = LedgerQuerySet.as_manager()

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["player_id", "officer_id", "at"], name="decision_officer_player_at")]
        constraints = [models.CheckConstraint(condition=models.Q(amount__gte=0), name="decision_amount_not_negative")]

    def __str__(self) -> str:
        who = self.officer_name + (f" and {self.second_officer_name}" if self.second_officer_name else "")
        return f"{self.kind} €{self.amount:,} for player {self.player_id} by {who}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise AppendOnlyError("Decision records cannot be changed")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise AppendOnlyError("Decision records cannot be deleted")


class Proposal(models.Model):
    """A change with a money effect that waits for a second officer (or, for a treasurer's change
    while the bank has one treasurer, for its published delay): what it would do, on which record,
    computed by the server when it was proposed, and the approvals it has.

    The first approval is the proposer's. A second officer approves it (it is carried out then, on
    the record as it stands, or refused as stale when the record changed since) or denies it.
    """

    class Status(models.TextChoices):
        PENDING = "pending"
        CARRIED_OUT = "carried_out"
        DENIED = "denied"
        STALE = "stale"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    kind = models.CharField(max_length=48, db_index=True)
    player_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    player_name = models.CharField(max_length=64, blank=True, default="")
    object_type = models.CharField(max_length=48, blank=True, default="")
    object_id = models.BigIntegerField(null=True, blank=True)
    object_label = models.CharField(max_length=200, blank=True, default="")
    summary = models.CharField(max_length=500, help_text="what it does, in a sentence")
    effect = models.BigIntegerField(default=0, help_text="the money effect the server computed, whole bread")
    reason = models.CharField(max_length=300, help_text="why it needs a second officer")
    params = models.JSONField(default=dict, blank=True, help_text="the change's typed input, as JSON")
    basis = models.JSONField(default=dict, blank=True, help_text="the record's fields it was computed on")
    least_role = models.CharField(max_length=16, help_text="the least role that may approve it")
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    proposed_by_name = models.CharField(max_length=150)
    not_before = models.DateTimeField(
        null=True, blank=True, help_text="a sole treasurer's change: when its published delay ends"
    )
    approvals = models.JSONField(default=list, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PENDING, db_index=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by_name = models.CharField(max_length=150, blank=True, default="")
    decision_notes = models.TextField(blank=True, default="")
    result = models.JSONField(default=dict, blank=True, help_text="what carrying it out made (ids)")

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Proposal #{self.pk} {self.kind} ({self.status}): {self.summary}"


class RestorePause(models.Model):
    """The bank paused for a restore (bank/maintenance.py): at most one row, id 1. While it is
    there and its `until` has not passed, every write answers 503 being_restored. Not bank data: no
    backup holds it, and a restore lifts it in its own transaction."""

    id = models.PositiveSmallIntegerField(primary_key=True, default=1)
    until = models.DateTimeField(help_text="the pause holds until then: renewed while the restore runs")

    def __str__(self) -> str:
        return f"Paused for a restore until {self.until:%Y-%m-%d %H:%M:%S}"


class PlayerRequest(models.Model):
    """What every request a player files and the officers decide (a loan, a withdrawal, a pearl exchange)
    holds beside its own terms: where it stands, who asked, who decided and when, the officers' notes,
    and the approvals of four eyes. Abstract: each kind is a table of its own, with its player."""

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        DENIED = "denied"
        CANCELLED = "cancelled"  # by the player, before anyone decided it

    status = models.CharField(max_length=9, choices=Status.choices, default=Status.PENDING, db_index=True)
    admin_notes = models.TextField(blank=True, default="")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # a decision keeps its decider: officers who decided requests are not deleted
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True, help_text="when the player cancelled it")
    created_at = models.DateTimeField(auto_now_add=True)
    # four eyes (docs/rules.md): the officers who approved while it waited for a second one,
    # [{"officer_id", "officer", "at", "notes"}], written under the request's row lock
    approvals = models.JSONField(default=list, blank=True)

    class Meta:
        abstract = True
        ordering = ["-created_at", "-id"]

    @staticmethod
    def decided_has_decider() -> models.Q:
        """The condition of each kind's check constraint: a decided request names its decider and time."""
        return models.Q(status__in=["pending", "cancelled"]) | (
            models.Q(decided_by__isnull=False) & models.Q(decided_at__isnull=False)
        )
