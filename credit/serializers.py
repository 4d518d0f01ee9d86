from rest_framework import serializers

from .models import CreditEvent


class CreditEventOut(serializers.ModelSerializer):
    admin_user = serializers.CharField(source="admin_user.username", default=None, read_only=True)

    class Meta:
        model = CreditEvent
        fields = ["id", "action_type", "reason", "points_change", "old_score", "new_score", "admin_user", "timestamp"]


class CreditHistoryOut(serializers.Serializer):
    history = CreditEventOut(many=True)


class TierBenefitsOut(serializers.Serializer):
    rate_discount = serializers.FloatField(help_text="percentage points off the loan rate")
    savings_bonus = serializers.FloatField(help_text="percentage points added to the weekly savings rate")
    max_loan_amount = serializers.IntegerField()


class CreditScoreOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    credit_score = serializers.IntegerField()
    max_score = serializers.IntegerField()
    tier = serializers.CharField()
    score_color = serializers.CharField()
    progress_percent = serializers.FloatField()
    limited_access = serializers.BooleanField()
    benefits = serializers.ListField(child=serializers.CharField())
    eligibility = TierBenefitsOut()


class EligibilityOut(serializers.Serializer):
    is_eligible = serializers.BooleanField()
    max_loan_amount = serializers.IntegerField()
    required_credit_score = serializers.IntegerField()
    current_credit_score = serializers.IntegerField()
    rate_discount = serializers.FloatField(help_text="percentage points")
    tier = serializers.CharField()
    reason = serializers.CharField()
    deficit = serializers.IntegerField()


class OverviewRowOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    player_discord = serializers.CharField()
    credit_score = serializers.IntegerField()
    tier = serializers.CharField()
    bad_payer = serializers.BooleanField()


class OverviewOut(serializers.Serializer):
    overview = OverviewRowOut(many=True)


class PenaltyIn(serializers.Serializer):
    player_id = serializers.CharField(required=False)
    penalty_type = serializers.CharField(required=False)
    reason = serializers.CharField(required=False, allow_blank=True)


class AdjustIn(serializers.Serializer):
    player_id = serializers.CharField(required=False)
    points_change = serializers.CharField(required=False, allow_blank=True)
    reason = serializers.CharField(required=False, allow_blank=True)
    kind = serializers.ChoiceField(
        choices=["manual_adjustment", "donation", "friend_invite"], required=False, default="manual_adjustment"
    )


class BreakdownOut(serializers.Serializer):
    savings = serializers.IntegerField()
    loans = serializers.IntegerField()
    payments = serializers.IntegerField()


class MigrationRowOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    player_discord = serializers.CharField()
    current_score = serializers.IntegerField()
    calculated_score = serializers.IntegerField()
    score_breakdown = BreakdownOut()


class MigrationPreviewOut(serializers.Serializer):
    total_players = serializers.IntegerField()
    calculated_scores = serializers.IntegerField()
    average_score = serializers.FloatField()
    highest_score = serializers.IntegerField()
    migration_data = MigrationRowOut(many=True)


class MigrationExecuteIn(serializers.Serializer):
    migration_data = serializers.ListField(child=serializers.JSONField(), required=False)
    player_ids = serializers.ListField(child=serializers.IntegerField(), required=False)
    execution_notes = serializers.CharField(required=False, allow_blank=True)


class MigrationExecuteOut(serializers.Serializer):
    migrated_count = serializers.IntegerField()
    detail = serializers.CharField()
