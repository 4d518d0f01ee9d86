"""Cross-cutting records of the bank plumbing (they reference no bank app)."""

from django.conf import settings
from django.db import models


class IdempotencyRecord(models.Model):
    """The first answer to a call made with an Idempotency-Key, kept 24 hours (bank.idempotency)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    scope = models.CharField(max_length=255, help_text="method and path of the call the key was used for")
    body_hash = models.CharField(max_length=64, help_text="SHA-256 of the call's query and JSON body")
    status_code = models.PositiveSmallIntegerField()
    response_body = models.TextField(help_text="the rendered JSON answer")
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_once_per_user")]

    def __str__(self) -> str:
        return f"{self.scope} by user {self.user_id} ({self.status_code})"
