"""Reading what a client sent: plumbing every app's views share (imports no app).

Every call parses its query string and JSON body with one `InputSerializer` through `parse()`;
services then receive typed values only and never see the raw request.
"""

from rest_framework import serializers

from bank.errors import BankError

NOT_AN_OBJECT = "The request body must be a JSON object"


class InputSerializer(serializers.Serializer):
    """A call's input. A missing or null field's message names the field ("value is required")."""

    def get_fields(self):
        fields = super().get_fields()
        defaults = serializers.Field.default_error_messages
        for name, field in fields.items():
            label = field.label or name
            if field.error_messages.get("required") == defaults["required"]:
                field.error_messages["required"] = f"{label} is required"
            if field.error_messages.get("null") == defaults["null"]:
                field.error_messages["null"] = f"{label} is required"
        return fields


def parse(serializer_class: type[serializers.Serializer], request, *, query: bool = True, body: bool = True) -> dict:
    """The call's input, validated: query-string values (where the spec sends them) with the JSON
    body's on top. Bad input raises the serializer's 400, naming the field."""
    data: dict = {}
    if query:
        data.update({key: request.query_params.get(key) for key in request.query_params})
    if body:
        sent = request.data
        if not isinstance(sent, dict):
            raise BankError(NOT_AN_OBJECT, code="invalid_body")
        data.update(sent)
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def request_values(request) -> dict:
    """Query-string values (where the spec sends them) with the JSON body on top."""
    values = {key: request.query_params.get(key) for key in request.query_params}
    if isinstance(request.data, dict):
        values.update(request.data)
    return values


# The largest id a database row can have (SQLite and PostgreSQL bigint).
MAX_RECORD_ID = 2**63 - 1


def record_id(value, *, field: str) -> int:
    """A record id from user input: not a whole number or under 1 is a 400; beyond any id a
    database can hold, no such record (404), answered before it overflows the driver."""
    number = whole_number(value, field=field, minimum=1)
    if number > MAX_RECORD_ID:
        raise BankError(f"No record has this {field}", code="not_found", status=404)
    return number


def free_text(value, *, field: str) -> str:
    """Text a person typed, stripped; a NUL character (PostgreSQL cannot store one) is a 400."""
    text = "" if value is None else str(value).strip()
    if "\x00" in text:
        message = f"The {field} contains a character that cannot be stored (NUL)"
        raise BankError(message, fields={field: [message]})
    return text


def whole_number(value, *, field: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """A whole number from user input ("1,500", 1500, 1500.0), or a 400 that names the field."""
    if isinstance(value, bool):
        value = None
    if isinstance(value, str):
        value = value.strip().replace(",", "")
    try:
        if isinstance(value, str) and not value.lstrip("-").isdigit():
            raise ValueError
        number = int(value)
        if isinstance(value, float) and value != number:
            raise ValueError
    except (TypeError, ValueError, OverflowError):  # OverflowError: a JSON 1e400 is float inf
        raise BankError(f"{field} must be a whole number", fields={field: ["Must be a whole number."]}) from None
    too_low = minimum is not None and number < minimum
    too_high = maximum is not None and number > maximum
    if too_low or too_high:
        if minimum is not None and maximum is not None:
            message = f"{field} must be between {minimum:,} and {maximum:,}"
        elif too_low:
            message = f"{field} must be at least {minimum:,}"
        else:
            message = f"{field} must be at most {maximum:,}"
        raise BankError(message, fields={field: [message]})
    return number
