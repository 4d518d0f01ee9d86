"""The Django admin site shows pearl rates and requests; they change only through the bank's services."""

from django.contrib import admin

from lending.admin import ReadOnlyAdmin

from .models import ExchangeSettings, PearlExchangeRequest


@admin.register(ExchangeSettings)
class ExchangeSettingsAdmin(ReadOnlyAdmin):
    list_display = ["sell_rate", "buy_rate", "last_updated", "updated_by"]


@admin.register(PearlExchangeRequest)
class PearlExchangeRequestAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "player",
        "exchange_type",
        "pearls_amount",
        "exchange_rate",
        "bread_amount",
        "savings_option",
        "status",
        "created_at",
    ]
    list_filter = ["exchange_type", "status", "savings_option"]
    search_fields = ["player__name", "player__discord"]
    list_select_related = ["player"]
