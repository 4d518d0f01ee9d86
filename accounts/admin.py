from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.db import transaction

from bank import live

from .models import Player, User
from .services import player_locked, player_unblock


@admin.register(User)
class BankUserAdmin(UserAdmin):
    pass


class BlockedFilter(admin.SimpleListFilter):
    title = "blocked"
    parameter_name = "blocked"

    def lookups(self, request, model_admin):
        return [("yes", "Blocked"), ("no", "Not blocked")]

    def queryset(self, request, queryset):
        if self.value() == "yes":
            return queryset.filter(blocked_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(blocked_at__isnull=True)
        return queryset


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "name",
        "discord",
        "client_type",
        "bad_payer",
        "has_solo_access",
        "credit_score",
        "blocked_at",
        "created_at",
    ]
    list_filter = ["bad_payer", "client_type", BlockedFilter, "has_solo_access"]
    search_fields = ["name", "discord"]
    list_select_related = ["added_by"]
    raw_id_fields = ["user", "added_by"]
    # The score moves only through credit events, and blocking only through the unblock service
    # (which also resets the failed attempts), so the site shows them and does not edit them.
    readonly_fields = ["credit_score", "created_at", "blocked_at", "failed_attempts"]
    actions = ["unblock"]

    def save_model(self, request, obj, form, change):
        with transaction.atomic():
            if change:
                # Only the fields the form changed, under the row lock: writing the whole row
                # would put back a score or a block that changed since the form was loaded.
                player_locked(player_id=obj.pk)
                obj.save(update_fields=[name for name in form.changed_data if name not in self.readonly_fields])
            else:
                obj.save()
            # bad payer, solo access and client type change what the player's screens show
            live.notify({"players", "credit"}, [obj.pk])

    @admin.action(description="Unblock the selected players")
    def unblock(self, request, queryset):
        blocked = list(queryset.filter(blocked_at__isnull=False).values_list("pk", flat=True))
        for player_id in blocked:
            player_unblock(player_id=player_id, admin=request.user)
        self.message_user(request, f"{len(blocked)} player(s) unblocked.", messages.SUCCESS)
