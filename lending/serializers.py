"""Input and output shapes of the loans API (one place, reused by the views and the OpenAPI schema)."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from .models import Loan, LoanPayment, PendingLoan


def _rate_field(**kwargs) -> serializers.DecimalField:
    # a JSON number (0.3 = 30%), never a string
    return serializers.DecimalField(max_digits=6, decimal_places=4, coerce_to_string=False, **kwargs)


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}], "example": "500k"})
class AmountField(serializers.Field):
    """An amount as sent: 1500000, "1500000", "500k", "1m". The service parses it."""

    def to_internal_value(self, data):
        return data

    def to_representation(self, value):
        return value


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}]})
class WholeNumberField(AmountField):
    """A whole number as sent (30 or "30"); the service checks it."""


@extend_schema_field({"oneOf": [{"type": "number"}, {"type": "string"}], "example": 0.3})
class RateField(AmountField):
    """A rate as sent (0.3 or "0.3"); the service checks it."""


def _enum_field(name: str, values: list[str]) -> type[serializers.CharField]:
    """A string with a fixed set of values, described in words: an OpenAPI enum here would be
    named after the field ("status") and collide with the other apps' status enums."""
    schema = {"type": "string", "description": "One of: " + ", ".join(values), "example": values[0]}
    return extend_schema_field(schema)(type(name, (serializers.CharField,), {}))


LoanStatusField = _enum_field("LoanStatusField", Loan.Status.values)
PaymentStatusField = _enum_field("PaymentStatusField", LoanPayment.Status.values)
RequestStatusField = _enum_field("RequestStatusField", PendingLoan.Status.values)
ListingStatusField = _enum_field(
    "ListingStatusField", ["paid_today", "not_paid_today", "start_today", "period_over", "upcoming"]
)


# --- output --------------------------------------------------------------------------------


class PaymentEntryOut(serializers.Serializer):
    date = serializers.DateField()
    status = PaymentStatusField()
    value = serializers.IntegerField()


class LoanFiguresOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    value = serializers.IntegerField()
    interest_rate = _rate_field(help_text="whole-term fraction: 0.3 = 30%")
    total_days = serializers.IntegerField()
    total_to_pay = serializers.IntegerField()
    daily_payment = serializers.IntegerField()
    start_date = serializers.DateField()
    status = LoanStatusField()
    paid_off = serializers.BooleanField()
    paid_off_at = serializers.DateTimeField(allow_null=True)
    solo_gain = serializers.IntegerField(help_text="what the pay-off added to the solo dividends")
    current_day = serializers.IntegerField(help_text="(today - start_date) + 1; 0 or less before the start")
    days_passed = serializers.IntegerField(help_text="current_day within 0..total_days")
    amount_paid = serializers.IntegerField()
    remaining = serializers.IntegerField()
    payments_made = serializers.IntegerField(help_text="days marked Paid")
    missed_payments = serializers.IntegerField(help_text="days marked Not Paid")
    admin_notes = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class LoanOut(LoanFiguresOut):
    payments_history = PaymentEntryOut(many=True)


class LoanCheckOut(LoanFiguresOut):
    """A Check Loans row: the figures and today's entry; the history comes from GET /api/loans/{id}."""

    today_entry = PaymentEntryOut(allow_null=True)
    listing_status = ListingStatusField()
    status_text = serializers.CharField()


class LoanRowOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField(source="player.name")
    value = serializers.IntegerField()
    interest_rate = _rate_field(help_text="whole-term fraction: 0.3 = 30%")
    total_to_pay = serializers.IntegerField()
    total_days = serializers.IntegerField()
    start_date = serializers.DateField()
    status = LoanStatusField()
    paid_off = serializers.BooleanField()


class LoanListOut(serializers.Serializer):
    loans = LoanRowOut(many=True)


class LoansCheckOut(serializers.Serializer):
    loans = LoanCheckOut(many=True)


class PendingLoanOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField(source="player.name")
    player_discord = serializers.CharField(source="player.discord")
    value = serializers.IntegerField()
    total_days = serializers.IntegerField()
    interest_rate = _rate_field(help_text="whole-term fraction computed at request time")
    total_to_pay = serializers.IntegerField()
    user = serializers.SerializerMethodField(help_text="who asked: the player's name, or an admin's username")
    request_reason = serializers.CharField(allow_blank=True)
    request_date = serializers.DateTimeField()
    created_date = serializers.DateTimeField(source="request_date")
    status = RequestStatusField()
    admin_notes = serializers.CharField(allow_blank=True)
    approved_by = serializers.CharField(source="approved_by.username", default=None, allow_null=True)
    approved_date = serializers.DateTimeField(allow_null=True)
    denied_by = serializers.CharField(source="denied_by.username", default=None, allow_null=True)
    denied_date = serializers.DateTimeField(allow_null=True)
    converted_loan_id = serializers.IntegerField(allow_null=True)

    def get_user(self, pending: PendingLoan) -> str | None:
        user = pending.requested_by
        if user is None:
            return None
        player = getattr(user, "player", None)  # a missing reverse one-to-one raises AttributeError
        return player.name if player else user.username


class PendingLoanDecisionOut(serializers.Serializer):
    pending_loan = PendingLoanOut()
    loan = LoanOut(allow_null=True, help_text="the new loan on approval; null on denial")
    detail = serializers.CharField()


class PendingLoansOut(serializers.Serializer):
    pending_loans = PendingLoanOut(many=True)
    count = serializers.IntegerField()


class DividendsOut(serializers.Serializer):
    dividends = serializers.IntegerField()


class BankDataOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    loans = LoanOut(many=True)
    savings = serializers.ListField(child=serializers.DictField(), help_text="empty until savings exist")
    pending_loans = PendingLoanOut(many=True)
    solo_dividends = DividendsOut(allow_null=True, help_text="null without solo access")


class PlayerProductsOut(serializers.Serializer):
    savings = serializers.ListField(child=serializers.DictField(), help_text="empty until savings exist")
    loans = LoanOut(many=True)
    pending_loans = PendingLoanOut(many=True)


class PaymentMarkOut(serializers.Serializer):
    loan_id = serializers.IntegerField()
    date = serializers.DateField()
    status = PaymentStatusField()
    value = serializers.IntegerField()
    replaced = serializers.CharField(allow_null=True, help_text="the day's earlier status when it was marked before")
    credit_points = serializers.IntegerField(help_text="points this mark gave (5 the first time a day is Paid)")
    detail = serializers.CharField()


class PayOffOut(serializers.Serializer):
    loan = LoanOut()
    solo_gain = serializers.IntegerField()
    detail = serializers.CharField()


# --- input ---------------------------------------------------------------------------------


class LoanRequestIn(serializers.Serializer):
    player_id = WholeNumberField(required=False, help_text="the caller's own player (another id answers 404)")
    value = AmountField(required=False)
    total_days = WholeNumberField(required=False)
    request_reason = serializers.CharField(required=False, allow_blank=True)
    user = serializers.CharField(required=False, allow_blank=True, help_text="ignored: the caller is the requester")


class LoanCreateIn(serializers.Serializer):
    player_id = WholeNumberField(required=False)
    value = AmountField(required=False)
    total_days = WholeNumberField(required=False)
    admin_notes = serializers.CharField(required=False, allow_blank=True)
    user = serializers.CharField(required=False, allow_blank=True, help_text="ignored: the admin comes from the token")


class LoanUpdateIn(serializers.Serializer):
    paid_off = serializers.BooleanField(required=False)
    status = serializers.CharField(required=False, help_text="'Paid-Off' also pays the loan off")


class LoanEditIn(serializers.Serializer):
    value = AmountField(required=False)
    interest_rate = RateField(required=False, help_text="a whole-term fraction, 0.3 = 30%")
    total_days = WholeNumberField(required=False)
    admin_notes = serializers.CharField(required=False, allow_blank=True)
