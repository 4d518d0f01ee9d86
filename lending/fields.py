"""Field types the lending serializers share: values in the spec's formats, read by the lending
rules' own parsers, and the shapes of rates and fixed sets of strings in the OpenAPI schema."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from . import rules


def rate_field(**kwargs) -> serializers.DecimalField:
    # a JSON number (0.3 = 30%), never a string
    return serializers.DecimalField(max_digits=6, decimal_places=4, coerce_to_string=False, **kwargs)


class _RuleParsedField(serializers.Field):
    """A value in one of the spec's formats, read by the lending rules' own parser."""

    default_error_messages = {"blank": "{name} is required"}

    @staticmethod
    def parse(data):
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


@extend_schema_field({"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string"}], "example": "500k"})
class AmountField(_RuleParsedField):
    """Whole bread: a JSON integer, ASCII digits, or a shortcut such as 500k or 1.5m."""

    parse = staticmethod(rules.parse_amount)


@extend_schema_field({"oneOf": [{"type": "integer", "minimum": 1}, {"type": "string"}], "example": 30})
class DaysField(_RuleParsedField):
    """A loan term in days, 1 to 3,650."""

    parse = staticmethod(rules.parse_days)


@extend_schema_field({"oneOf": [{"type": "number", "minimum": 0}, {"type": "string"}], "example": 0.3})
class RateField(_RuleParsedField):
    """A whole-term rate as a fraction: 0.3 is 30%."""

    parse = staticmethod(rules.parse_rate)


def enum_field(name: str, values: list[str]) -> type[serializers.CharField]:
    """A string with a fixed set of values, described in words: an OpenAPI enum here would be
    named after the field ("status") and collide with the other apps' status enums."""
    schema = {"type": "string", "description": "One of: " + ", ".join(values), "example": values[0]}
    return extend_schema_field(schema)(type(name, (serializers.CharField,), {}))
