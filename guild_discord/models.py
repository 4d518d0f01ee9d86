from django.conf import settings
from django.db import models


class LinkState(models.Model):
    """One "Link Discord" started: the OAuth2 `state` sent to Discord names this row's nonce, signed
    and bound to the user (guild_discord.linking). Used once: `used_at` is set by the first completion,
    with a conditional UPDATE, and a second completion with the same state is refused."""

    nonce = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    redirect_uri = models.CharField(max_length=500)
    created_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Discord link of user {self.user_id} ({'used' if self.used_at else 'open'})"


class Interaction(models.Model):
    """An interaction Discord sent (its id is Discord's): each is acted on once. Discord may deliver
    one again (a retry after a slow answer); the second delivery gets the first one's answer."""

    id = models.CharField(primary_key=True, max_length=32)
    received_at = models.DateTimeField(db_index=True)
    kind = models.PositiveSmallIntegerField()
    answer = models.JSONField(null=True, blank=True, help_text="what the bank answered, replayed to a retry")

    def __str__(self) -> str:
        return f"Discord interaction {self.id}"


class PendingCommand(models.Model):
    """A `/bank loan` or `/bank withdraw` shown with Confirm and Cancel: what Confirm will file, for
    whom. Its buttons name this row; Confirm claims it (a conditional UPDATE from open to filed, in
    the transaction that files the request), so a second press, a replay or two presses at once file
    it once. It expires after `rules.CONFIRM_SECONDS`."""

    class State(models.TextChoices):
        OPEN = "open"
        FILED = "filed"
        CANCELLED = "cancelled"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    kind = models.CharField(max_length=16, help_text="loan or withdraw")
    params = models.JSONField(help_text="the input as the site's serializer read it (JSON)")
    created_at = models.DateTimeField()
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    filed_id = models.BigIntegerField(null=True, blank=True, help_text="the request Confirm filed")

    def __str__(self) -> str:
        return f"Discord {self.kind} of user {self.user_id} ({self.state})"


class StaffPost(models.Model):
    """A new request posted to the staff channel (`DISCORD_STAFF_CHANNEL_ID`) with Approve and Deny,
    queued in the transaction that filed the request and posted by a task worker (guild_discord.staff),
    claimed before it is sent so that it goes out once."""

    kind = models.CharField(max_length=24, help_text="loan_request, withdrawal or exchange")
    request_id = models.BigIntegerField()
    channel_id = models.CharField(max_length=32)
    created_at = models.DateTimeField()
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()
    claim = models.CharField(max_length=32, blank=True, default="")
    message_id = models.CharField(max_length=32, blank=True, default="")
    posted_at = models.DateTimeField(null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["kind", "request_id"], name="staff_post_once_per_request")]

    def __str__(self) -> str:
        return f"Staff post of {self.kind} #{self.request_id} ({'posted' if self.posted_at else 'waiting'})"
