"""The Django admin site shows loans and requests; money moves only through the bank's services."""

from django.contrib import admin

from .models import Loan, LoanPayment, PendingLoan, Savings, SavingsWeek, SoloDividends, WithdrawalRequest


class ReadOnlyAdmin(admin.ModelAdmin):
    # edits here would skip the services (credit points, dividends, live notices, locks)
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class LoanPaymentInline(admin.TabularInline):
    model = LoanPayment
    fields = readonly_fields = ("date", "status", "value", "points_awarded", "marked_by", "marked_at")
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Loan)
class LoanAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "player",
        "value",
        "interest_rate",
        "total_days",
        "total_to_pay",
        "daily_payment",
        "start_date",
        "status",
    ]
    list_filter = ["status"]
    search_fields = ["player__name", "player__discord"]
    list_select_related = ["player"]
    inlines = [LoanPaymentInline]


@admin.register(PendingLoan)
class PendingLoanAdmin(ReadOnlyAdmin):
    list_display = ["id", "player", "value", "total_days", "interest_rate", "total_to_pay", "status", "created_at"]
    list_filter = ["status"]
    search_fields = ["player__name", "player__discord", "request_reason"]
    list_select_related = ["player"]


@admin.register(SoloDividends)
class SoloDividendsAdmin(ReadOnlyAdmin):
    list_display = ["dividends", "updated_at"]


class SavingsWeekInline(admin.TabularInline):
    model = SavingsWeek
    fields = readonly_fields = (
        "week",
        "due_date",
        "status",
        "interest",
        "interest_compounded",
        "auto_processed",
        "reverted_from",
    )
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Savings)
class SavingsAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "player",
        "principal",
        "invested_value",
        "interest_rate",
        "start_date",
        "next_due_date",
        "status",
    ]
    list_filter = ["status"]
    search_fields = ["player__name", "player__discord"]
    list_select_related = ["player"]
    inlines = [SavingsWeekInline]


@admin.register(WithdrawalRequest)
class WithdrawalRequestAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "player",
        "amount",
        "withdrawal_date",
        "withdrawal_time",
        "player_timezone",
        "status",
        "created_at",
    ]
    list_filter = ["status"]
    search_fields = ["player__name", "player__discord"]
    list_select_related = ["player"]
