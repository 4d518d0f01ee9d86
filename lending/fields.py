"""Field types the lending serializers share: values in the spec's formats, read by the lending
rules' own parsers, and the shapes of rates and fixed sets of strings in the OpenAPI schema."""

from decimal import Decimal

from drf_spectacular.drainage import set_override
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from bank.fields import IsoDateField, TextField
from bank.inputs import InputSerializer

from . import rules


def rate_field(**kwargs) -> serializers.DecimalField:
    # a JSON number (0.3 = 30%), never a string
    return serializers.DecimalField(max_digits=6, decimal_places=4, coerce_to_string=False, **kwargs)


class _RuleParsedField(serializers.Field):
    """A value in one of the spec's formats, read by the lending rules' own parser."""

    default_error_messages = {"blank": "{name} is required"}

    def parse(self, data):
        raise NotImplementedError

    def to_internal_value(self, data):
        if isinstance(data, str) and not data.strip():
            self.fail("blank", name=self.field_name)
        try:
            return self.parse(data)
        except ValueError as error:
            raise serializers.ValidationError(str(error), code="invalid") from None

    def to_representation(self, value):
        return value


# The shapes the OpenAPI schema gives the strings these fields read (the parsers decide the rest).
AMOUNT_PATTERN = r"^[0-9]+(\.[0-9]+)?[kKmM]?$"
RATE_PATTERN = r"^[0-9]{1,2}(\.[0-9]{1,8})?$"


class AmountField(_RuleParsedField):
    """Whole bread: a JSON integer, ASCII digits, or a shortcut such as 500k or 1.5m (docs/rules.md,
    "Input"), from `min_value` (1; 0 for a sum that may be nothing) to 1,000,000,000. Every call
    that takes an amount of bread reads it with this field."""

    def __init__(self, *, min_value: int = 1, **kwargs):
        super().__init__(**kwargs)
        self.min_value = min_value
        number = {"type": "integer", "minimum": min_value, "maximum": rules.MAX_AMOUNT}
        set_override(
            self, "field", {"oneOf": [number, {"type": "string", "pattern": AMOUNT_PATTERN}], "example": "500k"}
        )

    def parse(self, data) -> int:
        return rules.parse_amount(data, minimum=self.min_value)


@extend_schema_field({"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string"}], "example": 30})
class DaysField(_RuleParsedField):
    """A loan term in days, 1 to 3,650."""

    def parse(self, data) -> int:
        return rules.parse_days(data)


class RateField(_RuleParsedField):
    """A rate as a fraction (0.3 is 30%): a JSON number or a string of ASCII digits with at most one
    decimal point, at most 4 decimals, from 0 to `max_value` (docs/rules.md, "Input"). Every call
    that takes a rate reads it with this field: a loan's whole-term rate (at most 5) by default, a
    savings account's weekly rate with `max_value=MAX_SAVINGS_RATE` and its own message."""

    def __init__(self, *, max_value: Decimal = rules.MAX_RATE, message: str = rules.LOAN_RATE_MESSAGE, **kwargs):
        super().__init__(**kwargs)
        self.max_value, self.message = max_value, message
        number = {"type": "number", "minimum": 0, "maximum": float(max_value)}
        set_override(self, "field", {"oneOf": [number, {"type": "string", "pattern": RATE_PATTERN}], "example": 0.3})

    def parse(self, data) -> Decimal:
        return rules.parse_rate(data, maximum=self.max_value, message=self.message)


# --- inputs both domains share -------------------------------------------------------------


def notes_field(**kwargs) -> TextField:
    return TextField(max_length=rules.MAX_NOTES_LENGTH, **kwargs)


def ignored_user_field() -> TextField:
    return TextField(max_length=150, help_text="ignored: the caller comes from the token")


class ChangeDateIn(InputSerializer):
    new_date = IsoDateField(help_text="YYYY-MM-DD, from 1 January this year to 31 December next year")


class DecisionIn(InputSerializer):
    admin_notes = notes_field(help_text="the approval note (optional) or the denial reason (required)")
    admin_user = ignored_user_field()
