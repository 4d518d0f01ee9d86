from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import Player, User


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
    list_display = ["id", "name", "discord", "client_type", "bad_payer", "has_solo_access", "credit_score", "blocked_at", "created_at"]
    list_filter = ["bad_payer", "client_type", BlockedFilter, "has_solo_access"]
    search_fields = ["name", "discord"]
    list_select_related = ["added_by"]
    raw_id_fields = ["user", "added_by"]
    # the score moves only through credit events, so the site shows it and does not edit it
    readonly_fields = ["credit_score", "created_at"]
