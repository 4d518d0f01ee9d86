from rest_framework import serializers

from bank.fields import ChoiceTextField, RecordIdField, StrictBooleanField, TextField, WholeNumberField, enum_field
from bank.inputs import InputSerializer
from bank.paging import PageIn, PageOut

from . import rules
from .models import CreditEvent

ScoreColorField = enum_field("ScoreColorField", [colour for _, colour in rules.SCORE_COLOURS])


class CreditEventOut(serializers.ModelSerializer):
    admin_user = serializers.CharField(source="admin_user.public_name", default=None, read_only=True)

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
    score_color = ScoreColorField()
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
    score_color = ScoreColorField(help_text="green 250+, yellow 150+, orange 100+, else red")
    bad_payer = serializers.BooleanField()


class TierCountersOut(serializers.Serializer):
    gold = serializers.IntegerField()
    silver = serializers.IntegerField()
    basic = serializers.IntegerField()
    bad_payers = serializers.IntegerField()


class OverviewOut(PageOut):
    max_score = serializers.IntegerField()
    count = serializers.IntegerField(help_text="players matching the filters")
    counters = TierCountersOut(help_text="the whole bank's players per tier, whatever the filters")
    overview = OverviewRowOut(many=True)


class OverviewIn(PageIn):
    search = TextField(max_length=64, help_text="a player's name, Discord name or id")
    tier = ChoiceTextField(choices=["gold", "silver", "basic"], required=False)


class MigrationPreviewIn(PageIn):
    search = TextField(max_length=64, help_text="a player's name, Discord name or id")


class TierOut(serializers.Serializer):
    name = serializers.CharField()
    min_score = serializers.IntegerField()
    max_score = serializers.IntegerField()
    range = serializers.CharField()
    benefits = serializers.ListField(child=serializers.CharField())


class EarningOut(serializers.Serializer):
    what = serializers.CharField()
    points = serializers.IntegerField()


class BenefitsOut(serializers.Serializer):
    max_score = serializers.IntegerField()
    required_score = serializers.IntegerField()
    tiers = TierOut(many=True)
    how_to_earn = EarningOut(many=True)


def _reason(**kwargs) -> TextField:
    return TextField(max_length=rules.MAX_REASON_LENGTH, **kwargs)


class PenaltyIn(InputSerializer):
    player_id = RecordIdField()
    penalty_type = ChoiceTextField(
        choices=["missed_payment", "loan_default"],
        error_messages={"invalid_choice": "penalty_type must be missed_payment or loan_default"},
    )
    reason = _reason()
    admin_user = TextField(max_length=150, help_text="ignored: the admin comes from the token")


class AdjustIn(InputSerializer):
    player_id = RecordIdField()
    points_change = WholeNumberField(min_value=-rules.MAX_SCORE, max_value=rules.MAX_SCORE)
    reason = _reason(
        required=True,
        allow_blank=False,
        error_messages={
            "required": "A reason is required",
            "blank": "A reason is required",
            "null": "A reason is required",
        },
    )
    kind = ChoiceTextField(
        choices=["manual_adjustment", "donation", "friend_invite"],
        required=False,
        default="manual_adjustment",
        error_messages={"invalid_choice": "kind must be manual_adjustment, donation or friend_invite"},
    )
    admin_user = TextField(max_length=150, help_text="ignored: the admin comes from the token")

    def validate_points_change(self, points: int) -> int:
        if points == 0:
            raise serializers.ValidationError("points_change must not be 0")
        return points


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


class MigrationPreviewOut(PageOut):
    total_players = serializers.IntegerField()
    calculated_scores = serializers.IntegerField()
    average_score = serializers.FloatField()
    highest_score = serializers.IntegerField()
    count = serializers.IntegerField(help_text="players matching the search")
    migration_data = MigrationRowOut(many=True, help_text="this page's players, by name")


MAX_SELECTION = 100_000  # more players than a guild has: a bigger list is not a selection


class MigrationRowIn(serializers.Serializer):
    """A preview row sent back: only its player_id is read (the score is computed again)."""

    player_id = RecordIdField()


class MigrationExecuteIn(InputSerializer):
    migration_data = serializers.ListField(child=MigrationRowIn(), required=False, max_length=MAX_SELECTION)
    player_ids = serializers.ListField(child=RecordIdField(), required=False, max_length=MAX_SELECTION)
    select_all = StrictBooleanField(required=False, help_text="true: every player of the bank (Select All)")
    execution_notes = TextField(max_length=rules.MAX_NOTES_LENGTH)
    admin_user = TextField(max_length=150, help_text="ignored: the admin comes from the token")

    def validate(self, data: dict) -> dict:
        if data.get("select_all"):
            return {"player_ids": None, "execution_notes": data.get("execution_notes", "")}
        ids = data.get("player_ids")
        if ids is None:
            ids = [row["player_id"] for row in data.get("migration_data", [])]
        if not ids:
            raise serializers.ValidationError({"migration_data": ["Select at least one player to migrate"]})
        return {"player_ids": ids, "execution_notes": data.get("execution_notes", "")}


class MigrationExecuteOut(serializers.Serializer):
    migrated_count = serializers.IntegerField()
    detail = serializers.CharField()
