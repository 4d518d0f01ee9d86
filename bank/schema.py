"""The OpenAPI schema documents every status a call can answer, so a generated client knows them.

drf-spectacular documents each call's success answer from its serializers; `BankAutoSchema` adds the
error answers, all in the one error shape (bank.errors), from what the view is:
- 400 bad input: every call (its body or query parameters; and any call's address given a token,
  bank.middleware.TokenInUrlMiddleware);
- 401 no valid session: any call that needs one (and sign-in's wrong password);
- 403 not allowed: calls restricted to admins or players (and sign-in's blocked account);
- 404 no such record: any signed-in call (ids in the path or the input, a missing player profile);
- 409 no longer possible (decided, paid off, not covered): calls that change something;
- 413 body too large, 415 a body that is not JSON: calls that can take a body (every write; the
  API answers 415 on every write sent a body of another type, bank.middleware.JsonBodyMiddleware);
- 414 a path or a query string over 8,192 characters: every call (bank.middleware.UrlLengthMiddleware;
  any call's address can be given a query string);
- 422 Idempotency-Key reused with other input: calls that accept one;
- 429 too many attempts: throttled calls;
- 503 database unreachable: every call that reads the database; the bank being restored: every write
  (bank.middleware.RestorePauseMiddleware).
A view may add statuses with `extra_error_statuses`.
"""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny

ErrorOut = inline_serializer(
    "Error",
    {
        "detail": serializers.CharField(help_text="what went wrong, in words a person can act on"),
        "code": serializers.CharField(help_text="a stable code: invalid, not_found, already_processed ..."),
        "fields": serializers.DictField(
            child=serializers.ListField(child=serializers.CharField()), help_text="messages by input field"
        ),
    },
)

DESCRIPTIONS = {
    400: "Bad input: the detail says what to fix; nothing was changed",
    401: "No valid session: sign in again",
    403: "Not allowed for this caller",
    404: "No such record (or not the caller's own)",
    409: "No longer possible: already decided, paid off, or not covered any more; nothing was changed",
    413: "The request body is too large",
    414: "The address is too long: at most 8,192 characters of path and of query string",
    415: "The request body is not JSON: send it with Content-Type: application/json",
    422: "This Idempotency-Key was already used with other input",
    429: "Too many attempts: wait and try again",
    503: "The database cannot be reached (unavailable), or the bank is being restored (being_restored, a write); "
    "nothing was changed",
}
WRITES = {"POST", "PUT", "PATCH", "DELETE"}


class BankAutoSchema(AutoSchema):
    def _error_statuses(self) -> set[int]:
        view, method = self.view, self.method.upper()
        # any call's address may carry a query string: too long, or holding a token
        statuses = set(getattr(view, "extra_error_statuses", ())) | {400, 414}
        public = any(isinstance(permission, AllowAny) for permission in view.get_permissions())
        if method in WRITES:
            statuses |= {409, 413, 415}
        if not public:
            statuses |= {401, 403, 404}
        if getattr(getattr(view, method.lower(), None), "idempotent", False):
            statuses.add(422)
        if view.get_throttles():
            statuses.add(429)
        if method in WRITES or not getattr(view, "needs_no_database", False):
            statuses.add(503)
        return statuses

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for status in sorted(self._error_statuses()):
            code = str(status)
            if code not in responses:
                answer = OpenApiResponse(response=ErrorOut, description=DESCRIPTIONS[status])
                responses[code] = self._get_response_for_code(answer, code, direction=direction)
        return responses


class MayBeAbsent:
    """A field of an answer that some answers leave out (an officer's role, absent from a player's
    answer): answers_write_every_field keeps it optional in the schema."""


def _absent_fields(generator) -> set[tuple[str, str]]:
    """(component, field) of every answer's field that may be absent, from the schema's registry."""
    found = set()
    for component in generator.registry._components.values() if generator else ():
        serializer = component.object
        if isinstance(serializer, type) and issubclass(serializer, serializers.BaseSerializer):
            serializer = serializer()
        fields = getattr(serializer, "fields", None)
        if component.type == "schemas" and fields is not None:
            found |= {(component.name, name) for name, field in fields.items() if isinstance(field, MayBeAbsent)}
    return found


def answers_write_every_field(result, generator=None, **_context):
    """Postprocessing hook: every field of an answer (a `...Out` component) is listed as required.

    An output serializer writes each of its fields on every answer, a field with a `default` or a
    model field with one included, while drf-spectacular marks such fields optional (it reads them as
    input fields). The generated frontend types (frontend/src/lib/api-schema.d.ts) would then make the
    screens check for fields that are always there.
    """
    absent = _absent_fields(generator)
    for name, component in result.get("components", {}).get("schemas", {}).items():
        if name.endswith("Out") and component.get("type") == "object" and "properties" in component:
            component["required"] = sorted(field for field in component["properties"] if (name, field) not in absent)
    return result
