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


def parse(
    serializer_class: type[serializers.Serializer],
    request,
    *,
    query: bool = True,
    body: bool = True,
    list_as: str | None = None,
) -> dict:
    """The call's input, validated: query-string values (where the spec sends them) with the JSON
    body's on top. Bad input raises the serializer's 400, naming the field. `list_as` names the
    field a bare JSON list stands for (the spec's bulk delete sends only the list of ids)."""
    data: dict = {}
    if query:
        data.update({key: request.query_params.get(key) for key in request.query_params})
    if body:
        sent = request.data
        if list_as and isinstance(sent, list):
            sent = {list_as: sent}
        if not isinstance(sent, dict):
            raise BankError(NOT_AN_OBJECT, code="invalid_body")
        data.update(sent)
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
