"""Strict input fields for the serializers that parse every call at the edge (plumbing: imports no app).

What a client sends is read one way everywhere (docs/rules.md "Input"):
- whole numbers are JSON integers or strings of ASCII digits: never booleans, floats (100000.0),
  exponents ("1e5"), separators ("100_000", "1,000") or other scripts' digits ("١٠٠");
- texts are JSON strings, stripped, bounded, without NUL; an object or a number is not a text;
- dates are `YYYY-MM-DD` strings.
Each refusal is a 400 whose detail names the field, so a person or a client knows what to fix.
"""

import re
from datetime import date, time

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import NotFound

# The largest id a database row can have (SQLite and PostgreSQL bigint).
MAX_RECORD_ID = 2**63 - 1
# A whole number written with more digits than this is refused before int() reads it.
MAX_DIGITS = 19

_DIGITS = re.compile(r"-?[0-9]{1,%d}" % MAX_DIGITS)  # noqa: UP031 - a regex quantifier, not a message
_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_CLOCK = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")
CLOCK_PATTERN = "^([01][0-9]|2[0-3]):[0-5][0-9]$"

NOT_TEXT = "{name} must be text"
NOT_WHOLE = "{name} must be a whole number"


def field_label(field: serializers.Field) -> str:
    """How messages name a field: by its name in the call, which a client can find in what it sent,
    unless the field is a form's, whose people read it by the name the form shows (`spoken_name`)."""
    return str(getattr(field, "spoken_name", "") or field.field_name or field.label or "value")


def read_whole_number(field: serializers.Field, data) -> int:
    """A whole number from a JSON integer or a string of ASCII digits, else the field's 400."""
    if isinstance(data, bool) or not isinstance(data, int | str):
        field.fail("invalid")
    if isinstance(data, str):
        text = data.strip()
        if not _DIGITS.fullmatch(text):
            field.fail("invalid")
        return int(text)
    return data


class WholeNumberField(serializers.IntegerField):
    """A whole number, optionally bounded: messages say the bounds with thousands separators."""

    default_error_messages = {"invalid": NOT_WHOLE}

    def __init__(self, *, spoken_name: str = "", **kwargs):
        super().__init__(**kwargs)
        self.spoken_name = spoken_name
        self.validators = []  # the bounds are checked below, with a message that names the field

    def fail(self, key, **kwargs):
        super().fail(key, name=field_label(self), **kwargs)

    def to_internal_value(self, data) -> int:
        number = read_whole_number(self, data)
        low, high = self.min_value, self.max_value
        if low is not None and number < low and "too_small" in self.error_messages:
            self.fail("too_small")  # a field's own words for "not a valid number", e.g. pearls
        if (low is not None and number < low) or (high is not None and number > high):
            label = field_label(self)
            if low is not None and high is not None:
                message = f"{label} must be between {low:,} and {high:,}"
            elif low is not None:
                message = f"{label} must be at least {low:,}"
            else:
                message = f"{label} must be at most {high:,}"
            raise serializers.ValidationError(message, code="out_of_range")
        return number


class RecordIdField(WholeNumberField):
    """The id of a record: a whole number from 1; beyond what any database holds there is no such
    record (the caller answers 404 as for any unknown id), without overflowing the driver."""

    def __init__(self, **kwargs):
        kwargs.setdefault("min_value", 1)
        super().__init__(**kwargs)

    def to_internal_value(self, data) -> int:
        number = read_whole_number(self, data)
        if number < 1:
            raise serializers.ValidationError(f"{field_label(self)} must be a whole number from 1", code="invalid")
        if number > MAX_RECORD_ID:
            raise NotFound(f"No record has this {field_label(self)}")
        return number


class TextField(serializers.CharField):
    """Text a person typed: a JSON string, stripped, at most `max_length` characters, no NUL."""

    def __init__(self, *, max_length: int, **kwargs):
        kwargs.setdefault("required", False)
        kwargs.setdefault("allow_blank", True)
        super().__init__(max_length=max_length, **kwargs)
        self.validators = []  # the length is checked below, with a message that names the field

    def to_internal_value(self, data) -> str:
        label = field_label(self)
        if not isinstance(data, str):
            raise serializers.ValidationError(NOT_TEXT.format(name=label), code="invalid")
        text = data.strip()
        if "\x00" in text:
            raise serializers.ValidationError(
                f"{label} contains a character that cannot be stored (NUL)", code="invalid"
            )
        if self.max_length is not None and len(text) > self.max_length:
            raise serializers.ValidationError(
                f"{label} can be at most {self.max_length:,} characters", code="max_length"
            )
        if not text and not self.allow_blank:
            self.fail("blank")
        return text

    def run_validation(self, data=serializers.empty):
        # CharField turns "" into a blank error before to_internal_value; keep ours in charge
        if data == "" and self.allow_blank:
            return ""
        return super().run_validation(data)


@extend_schema_field({"type": "string"})
class ChoiceTextField(serializers.ChoiceField):
    """One of a fixed set of strings, matched ignoring case and spaces around it."""

    def to_internal_value(self, data) -> str:
        if not isinstance(data, str):
            self.fail("invalid_choice", input=type(data).__name__)
        wanted = data.strip().lower()
        for choice in self.choices:
            if str(choice).lower() == wanted:
                return choice
        self.fail("invalid_choice", input=data.strip()[:64])
        raise AssertionError  # fail() always raises


@extend_schema_field({"type": "string", "format": "date", "example": "2026-06-15"})
class IsoDateField(serializers.Field):
    """A calendar day written YYYY-MM-DD; the message is the spec's."""

    default_error_messages = {"invalid": "Invalid date format. Please use YYYY-MM-DD"}

    def to_internal_value(self, data) -> date:
        if not isinstance(data, str) or not _ISO_DAY.fullmatch(data.strip()):
            self.fail("invalid")
        try:
            return date.fromisoformat(data.strip())
        except ValueError:
            self.fail("invalid")
        raise AssertionError

    def to_representation(self, value) -> str:
        return value.isoformat()


@extend_schema_field({"type": "string", "pattern": CLOCK_PATTERN, "example": "18:30"})
class ClockTimeField(serializers.Field):
    """A time of day on a 24-hour clock, written HH:MM ("18:30"), read and answered so. Not OpenAPI's
    `format: time`, which is a full RFC 3339 time ("18:30:00Z") that the bank never writes."""

    default_error_messages = {"invalid": "{name} must be written HH:MM (24-hour clock)", "blank": "{name} is required"}

    def to_internal_value(self, data) -> time:
        if not isinstance(data, str):
            self.fail("invalid", name=field_label(self))
        text = data.strip()
        if not text:
            self.fail("blank", name=field_label(self))
        match = _CLOCK.fullmatch(text)
        if not match:
            self.fail("invalid", name=field_label(self))
        return time(int(match.group(1)), int(match.group(2)))

    def to_representation(self, value) -> str:
        return value.strftime("%H:%M")


@extend_schema_field({"type": "boolean"})
class StrictBooleanField(serializers.Field):
    """true or false, as JSON writes them: "yes", 1, "1" and "true" are not booleans (every boolean
    the bank reads comes in a JSON body)."""

    default_error_messages = {"invalid": "{name} must be true or false (JSON true or false)"}

    def to_internal_value(self, data) -> bool:
        if isinstance(data, bool):
            return data
        self.fail("invalid", name=field_label(self))
        raise AssertionError

    def to_representation(self, value) -> bool:
        return bool(value)


def enum_field(name: str, values: list[str]) -> type[serializers.CharField]:
    """A string with a fixed set of values: an OpenAPI enum of its own name (`LoanStatusField` gives
    the component `LoanStatus`), so the generated frontend types know every value; an enum named
    after the field ("status") would collide with the other apps' status enums."""
    schema = {
        "type": "string",
        "enum": list(values),
        "description": "One of: " + ", ".join(values),
        "example": values[0],
    }
    component = name.removesuffix("Field")
    return extend_schema_field(schema, component_name=component)(type(name, (serializers.CharField,), {}))
