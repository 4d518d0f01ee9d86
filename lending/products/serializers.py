"""Output shapes of what reads both domains."""

from rest_framework import serializers

from lending.loans.serializers import DividendsOut, PendingLoanOut, PlayerLoanOut
from lending.savings.serializers import SavingsOut


class ProductsSummaryOut(serializers.Serializer):
    loans_count = serializers.IntegerField()
    active_loans_count = serializers.IntegerField()
    loans_total_value = serializers.IntegerField(help_text="every loan's value")
    loans_remaining = serializers.IntegerField(help_text="what the active loans still ask")
    savings_count = serializers.IntegerField()
    active_savings_count = serializers.IntegerField()
    savings_total_value = serializers.IntegerField(help_text="the active savings' balances")
    savings_weekly_earnings = serializers.IntegerField(help_text="this week's interest of the active savings")
    savings_payments_received = serializers.IntegerField(help_text="weeks paid out, over every savings account")
    savings_total_earnings = serializers.IntegerField(help_text="what those paid weeks earned")


class BankDataOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    loans = PlayerLoanOut(many=True)
    savings = SavingsOut(many=True)
    pending_loans = PendingLoanOut(many=True)
    summary = ProductsSummaryOut(help_text="the Overview cards' figures")
    solo_dividends = DividendsOut(allow_null=True, help_text="null without solo access")


class PlayerProductsOut(serializers.Serializer):
    savings = SavingsOut(many=True)
    loans = PlayerLoanOut(many=True)
    pending_loans = PendingLoanOut(many=True)
