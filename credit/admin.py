from django.contrib import admin

from bank.admin import ReadOnlyAdmin

from .models import CreditEvent


@admin.register(CreditEvent)
class CreditEventAdmin(ReadOnlyAdmin):
    list_display = ["timestamp", "player", "action_type", "points_change", "old_score", "new_score", "admin_user"]
    list_filter = ["action_type"]
    search_fields = ["player__name", "player__discord", "reason"]
    list_select_related = ["player", "admin_user"]
    # the history is a ledger: it is read here, never added to, edited or deleted (credit.services)
