"""One error shape for the whole API: {"detail": str, "code": str, "fields": {...}}."""

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404, HttpResponse, JsonResponse
from rest_framework import exceptions, status
from rest_framework.response import Response

from bank import writes

logger = logging.getLogger("bank.errors")


class BankError(Exception):
    """A business rule said no. Services raise it; the API turns it into its status and detail."""

    def __init__(self, detail: str, *, code: str = "invalid", status: int = 400, fields: dict | None = None):
        super().__init__(detail)
        self.detail = detail
        self.code = code
        self.status = status
        self.fields = fields or {}


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        if "detail" in detail:
            return _first_message(detail["detail"])
        for value in detail.values():
            return _first_message(value)
        return ""
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else ""
    return str(detail)


# A field left out, null or blank: the caller has something to fill in, as a service's
# BankError(..., code="missing_fields") says it.
_MISSING = {"required", "null", "blank"}


def _first_code(codes) -> str | None:
    """The code of the message `_first_message` picks, in the same order."""
    if isinstance(codes, dict):
        for value in codes.values():
            return _first_code(value)
        return None
    if isinstance(codes, list):
        return _first_code(codes[0]) if codes else None
    return codes


def _field_messages(detail) -> dict:
    if not isinstance(detail, dict):
        return {}
    return {
        name: [str(m) for m in (messages if isinstance(messages, list) else [messages])]
        for name, messages in detail.items()
        if name not in {"detail", "code", "messages"}
    }


def throttled_detail(wait_seconds: int) -> str:
    return f"Too many attempts. Please wait {wait_seconds} seconds and try again."


def error_body(detail: str, code: str, fields: dict | None = None) -> dict:
    return {"detail": detail, "code": code, "fields": fields or {}}


SESSION_EXPIRED = "Your session has expired or is no longer valid. Please sign in again."
SERVER_ERROR = "Something went wrong on our side; nothing was changed. Try again."
UNAVAILABLE = "The bank cannot reach its database right now. Nothing was changed; please try again in a moment."
SAVED_THEN_LOST = (
    "The bank lost its database connection after saving your change, so it could not answer. "
    "Your change was saved: refresh to see it before doing anything again."
)
MAYBE_SAVED = (
    "The bank lost its database connection while saving your change, so it cannot tell whether it was "
    "saved. Refresh to check before you try again."
)
SAME_KEY_IS_SAFE = " Sending the same request again with the same Idempotency-Key is safe: it will not be done twice."
CONFLICT = (
    "This change collided with another change made at the same moment. Nothing was changed; refresh and try again."
)
SERVER_ERROR_AFTER_SAVE = (
    "Something went wrong on our side after your change was saved. Refresh to see it before doing anything again."
)
SERVER_ERROR_MAYBE_SAVED = (
    "Something went wrong on our side while saving your change, so we cannot tell whether it was saved. "
    "Refresh to check before you try again."
)


def _body_too_large() -> str:
    megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20
    return f"The request body is too large: at most {megabytes:g} MB."


def mark_key_honoured(request) -> None:
    """This call answers its Idempotency-Key once (bank.idempotency.run_once): an error may
    tell the client that sending it again with the same key is safe."""
    getattr(request, "_request", request).bank_key_honoured = True


def key_honoured(request) -> bool:
    return bool(getattr(getattr(request, "_request", request), "bank_key_honoured", False))


def _honest(*, nothing: str, saved: str, maybe: str, request) -> str:
    """The detail that matches what this request really did to the database (bank/writes.py)."""
    recorded = writes.current()
    if recorded is None or recorded.nothing_changed:
        return nothing
    detail = maybe if recorded.uncertain else saved
    if request is not None and key_honoured(request):  # only calls that answer their key once say so
        detail += SAME_KEY_IS_SAFE
    return detail


def _database_fault(exc: BaseException, request) -> tuple[int, dict, bool] | None:
    """(status, body, run again?) for a database fault; None for anything else."""
    if writes.is_conflict(exc) or writes.is_connection_lost(exc):
        recorded = writes.current()
        body = error_body(
            _honest(nothing=UNAVAILABLE, saved=SAVED_THEN_LOST, maybe=MAYBE_SAVED, request=request), "unavailable"
        )
        # a deadlock or serialization failure rolled back everything: DatabaseFaultMiddleware runs it again
        retry = writes.is_conflict(exc) and (recorded is None or recorded.nothing_changed)
        return status.HTTP_503_SERVICE_UNAVAILABLE, body, retry
    if writes.is_collision(exc):
        # a constraint that no service checks broke at the same moment as another change (a row
        # deleted meanwhile, say by a restore): the transaction was rolled back
        body = error_body(
            _honest(nothing=CONFLICT, saved=SAVED_THEN_LOST, maybe=MAYBE_SAVED, request=request), "conflict"
        )
        return status.HTTP_409_CONFLICT, body, False
    return None


def database_fault_response(exc: BaseException, request=None) -> Response | None:
    """503 for a database that cannot be reached now (or a deadlock that stayed after its retries),
    409 for a write that collided with another; None for anything else."""
    fault = _database_fault(exc, request)
    if fault is None:
        return None
    status_code, body, retry = fault
    response = Response(body, status=status_code)
    if status_code == status.HTTP_503_SERVICE_UNAVAILABLE:
        response["Retry-After"] = "1"
    response.bank_retry = retry  # type: ignore[attr-defined]  # DatabaseFaultMiddleware reads it: run the request again
    return response


def database_fault_page(exc: BaseException, request) -> HttpResponse | None:
    """The same answer for a request that DRF does not answer (the Django admin site, the app's
    page, a middleware's own query): JSON under /api/, a short plain-text page elsewhere; None for
    anything but a database fault."""
    fault = _database_fault(exc, request)
    if fault is None:
        return None
    status_code, body, retry = fault
    response: HttpResponse
    if request.path.startswith("/api/"):
        response = JsonResponse(body, status=status_code)
    else:
        response = HttpResponse(body["detail"] + "\n", status=status_code, content_type="text/plain; charset=utf-8")
    if status_code == status.HTTP_503_SERVICE_UNAVAILABLE:
        response["Retry-After"] = "1"
    response.bank_retry = retry  # type: ignore[attr-defined]  # as above
    return response


def exception_handler(exc, context):
    """DRF's EXCEPTION_HANDLER: every error, ours or the framework's, in one shape."""
    if isinstance(exc, BankError):
        return Response(error_body(exc.detail, exc.code, exc.fields), status=exc.status)
    if isinstance(exc, RequestDataTooBig):
        return Response(
            error_body(_body_too_large(), "body_too_large"), status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
        )
    if isinstance(exc, RecursionError):  # JSON nested deeper than the parser follows
        return Response(error_body("The request body is nested too deeply to read.", "parse_error"), status=400)
    request = context.get("request")
    fault = database_fault_response(exc, request)
    if fault is not None:
        view = context.get("view")
        logger.warning("Database fault in %s: %s: %s", type(view).__name__, type(exc).__name__, str(exc).strip())
        return fault
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.message_dict if hasattr(exc, "error_dict") else exc.messages)

    if isinstance(exc, exceptions.APIException):
        headers = {}
        if getattr(exc, "auth_header", None):
            headers["WWW-Authenticate"] = exc.auth_header
        if getattr(exc, "wait", None):
            headers["Retry-After"] = str(int(exc.wait))
        if isinstance(exc, exceptions.AuthenticationFailed) and exc.get_codes() == "officer_deactivated":
            detail, code = str(exc.detail), "officer_deactivated"  # why an officer's open page closed
        elif isinstance(exc, (exceptions.AuthenticationFailed, exceptions.NotAuthenticated)):
            detail = SESSION_EXPIRED if isinstance(exc, exceptions.AuthenticationFailed) else str(exc.detail)
            code = "not_authenticated"
        elif isinstance(exc, exceptions.Throttled):
            detail = throttled_detail(int(exc.wait or 60))
            code = "throttled"
        else:
            detail = _first_message(exc.detail)
            codes = exc.get_codes()
            code = codes if isinstance(codes, str) else exc.default_code
            if isinstance(exc, exceptions.ValidationError) and _first_code(codes) in _MISSING:
                code = "missing_fields"  # the detail names what to fill in, not what was wrong
        response = Response(error_body(detail, code, _field_messages(exc.detail)), status=exc.status_code)
        for name, value in headers.items():
            response[name] = value
        return response

    logger.exception("Unhandled error in %s", context.get("view"))
    detail = _honest(
        nothing=SERVER_ERROR, saved=SERVER_ERROR_AFTER_SAVE, maybe=SERVER_ERROR_MAYBE_SAVED, request=request
    )
    return Response(error_body(detail, "server_error"), status=status.HTTP_500_INTERNAL_SERVER_ERROR)
