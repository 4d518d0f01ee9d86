"""The Django admin site shows the audit trail and the Discord outbox, and changes neither."""

from django.contrib import admin

from .models import AuditEntry, OutboxMessage


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "actor_name", "kind", "object_label", "player_name")
    list_filter = ("kind",)
    search_fields = ("actor_name", "player_name", "object_label")


@admin.register(OutboxMessage)
class OutboxMessageAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "kind", "discord", "attempts", "delivered_at", "last_error")
    list_filter = ("kind",)
