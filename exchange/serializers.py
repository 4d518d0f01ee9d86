"""Input and output shapes of the pearl exchange API (parsed at the edge; the schema comes from here)."""

import re

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from bank.decisions import AwaitingSecondApprovalOut, approvals_field
from bank.fields import ChoiceTextField, RecordIdField, TextField, WholeNumberField, enum_field
from bank.inputs import InputSerializer
from bank.paging import PageIn, PageOut
from lending.rules import MAX_NOTES_LENGTH

from . import rules
from .models import PearlExchangeRequest

_SAVINGS_ID = re.compile(r"[0-9]{1,18}")
ExchangeTypeField = enum_field("ExchangeTypeField", PearlExchangeRequest.Type.values)
ExchangeStatusField = enum_field("ExchangeStatusField", PearlExchangeRequest.Status.values)


# --- output --------------------------------------------------------------------------------


class SettingsOut(serializers.Serializer):
    sell_rate = serializers.IntegerField(help_text="bread a player receives per pearl")
    buy_rate = serializers.IntegerField(help_text="bread a player pays per pearl")
    last_updated = serializers.DateTimeField(allow_null=True)
    updated_by = serializers.CharField(allow_null=True)


class SettingsAnswerOut(serializers.Serializer):
    settings = SettingsOut()


class QuoteOut(serializers.Serializer):
    exchange_type = ExchangeTypeField()
    pearls_amount = serializers.IntegerField(allow_null=True)
    exchange_rate = serializers.IntegerField(help_text="the rate a request filed now keeps")
    bread_amount = serializers.IntegerField(help_text="pearls_amount x exchange_rate; 0 without pearls")
    sell_rate = serializers.IntegerField()
    buy_rate = serializers.IntegerField()


class ExchangeRequestOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField(source="player.name")
    player_discord = serializers.CharField(source="player.discord")
    exchange_type = ExchangeTypeField()
    pearls_amount = serializers.IntegerField()
    exchange_rate = serializers.IntegerField()
    bread_amount = serializers.IntegerField()
    savings_option = serializers.SerializerMethodField(help_text="cashout, new_savings, or the savings account's id")
    savings_id = serializers.IntegerField(allow_null=True)
    created_savings_id = serializers.IntegerField(allow_null=True, help_text="the account an approved sale opened")
    destination = serializers.SerializerMethodField(help_text="Cash Out, New Savings Account or Savings Account #id")
    status = ExchangeStatusField()
    admin_notes = serializers.CharField(allow_blank=True)
    decided_by = serializers.CharField(
        source="decided_by.public_name", default=None, allow_null=True, help_text="the deciding officer's display name"
    )
    decided_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    # the names the spec's history view also reads
    request_date = serializers.DateTimeField(source="created_at")
    pearls = serializers.IntegerField(source="pearls_amount")

    def get_savings_option(self, request: PearlExchangeRequest) -> str:
        if request.savings_option == rules.SAVINGS:
            return str(request.savings_id) if request.savings_id else rules.SAVINGS
        return request.savings_option

    def get_destination(self, request: PearlExchangeRequest) -> str:
        return rules.destination_label(request.savings_option, request.savings_id)


class ExchangeRequestOfficerOut(ExchangeRequestOut):
    """A request as officers read it: with the approvals it has while it waits for a second officer."""

    approvals = approvals_field()


class HistoryOut(serializers.Serializer):
    pearl_exchange_history = ExchangeRequestOut(many=True)


class ListOut(PageOut):
    pending_count = serializers.IntegerField(help_text="for the tab's badge")
    pearl_exchange_requests = ExchangeRequestOfficerOut(many=True)


class DecisionOut(serializers.Serializer):
    pearl_exchange_request = ExchangeRequestOfficerOut()
    detail = serializers.CharField()


# --- input ---------------------------------------------------------------------------------

# pearls must be a positive whole number: missing, not a number, 0 or below all say the spec's words
_PEARLS = {key: rules.BAD_PEARLS for key in ("required", "null", "invalid", "too_small")}


@extend_schema_field({"oneOf": [{"type": "string"}, {"type": "integer", "minimum": 1}], "example": "cashout"})
class SavingsOptionField(serializers.Field):
    """cashout, new_savings, or a savings account's id (a JSON integer or its digits): read as it is
    and checked against the exchange type in the serializer's validate()."""

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, str | int):
            raise serializers.ValidationError("savings_option must be cashout, new_savings or a savings account id")
        return data.strip() if isinstance(data, str) else data

    def to_representation(self, value):
        return value


def _rate(**kwargs) -> WholeNumberField:
    return WholeNumberField(min_value=1, max_value=rules.MAX_RATE, **kwargs)


class SettingsIn(InputSerializer):
    sell_rate = _rate(required=False)
    buy_rate = _rate(required=False)
    admin_user = TextField(max_length=150, help_text="ignored: the admin comes from the token")


class QuoteIn(InputSerializer):
    exchange_type = ChoiceTextField(choices=PearlExchangeRequest.Type.values)
    pearls_amount = WholeNumberField(required=False, min_value=1, max_value=rules.MAX_PEARLS, error_messages=_PEARLS)


class ExchangeRequestIn(InputSerializer):
    player_id = RecordIdField(required=False, allow_null=True, help_text="the caller's own player")
    exchange_type = ChoiceTextField(
        choices=PearlExchangeRequest.Type.values, error_messages={"invalid_choice": "exchange_type must be sell or buy"}
    )
    pearls_amount = WholeNumberField(min_value=1, max_value=rules.MAX_PEARLS, error_messages=_PEARLS)
    savings_option = SavingsOptionField(
        required=False, allow_null=True, help_text="sell: cashout, new_savings or a savings id; buy: a savings id"
    )
    bread_amount = WholeNumberField(required=False, min_value=0, help_text="ignored: the server computes it")
    player_name = TextField(max_length=64, help_text="ignored: the caller's own player")
    player_discord = TextField(max_length=64, help_text="ignored: the caller's own player")

    def validate(self, data: dict) -> dict:
        option = data.get("savings_option")
        if option in (None, ""):
            if data["exchange_type"] == PearlExchangeRequest.Type.BUY:
                raise serializers.ValidationError({"savings_option": [rules.SELECT_SAVINGS]})
            raise serializers.ValidationError({"savings_option": ["Choose where the bread should go"]})
        if option in (rules.CASHOUT, rules.NEW_SAVINGS):
            if data["exchange_type"] == PearlExchangeRequest.Type.BUY:
                raise serializers.ValidationError({"savings_option": [rules.SELECT_SAVINGS]})
            data["savings_option"], data["savings_id"] = option, None
        elif (isinstance(option, int) and not isinstance(option, bool) and option > 0) or (
            isinstance(option, str) and _SAVINGS_ID.fullmatch(option)
        ):
            data["savings_option"], data["savings_id"] = rules.SAVINGS, int(option)
        else:
            raise serializers.ValidationError(
                {"savings_option": ["savings_option must be cashout, new_savings or a savings account id"]}
            )
        return data


class ListIn(PageIn):
    status = ChoiceTextField(choices=PearlExchangeRequest.Status.values, required=False)


class DecisionIn(InputSerializer):
    admin_notes = TextField(
        max_length=MAX_NOTES_LENGTH, help_text="the approval note (optional) or the denial reason (required)"
    )
    admin_user = TextField(max_length=150, help_text="ignored: the admin comes from the token")


class ExchangeAwaitingOut(AwaitingSecondApprovalOut):
    pearl_exchange_request = ExchangeRequestOfficerOut()
