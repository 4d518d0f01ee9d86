"""One error shape for the whole API: {"detail": str, "code": str, "fields": {...}}."""

import logging

from django.conf import settings
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response

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


def _field_messages(detail) -> dict:
    if not isinstance(detail, dict):
        return {}
    return {
        name: [str(m) for m in (messages if isinstance(messages, list) else [messages])]
        for name, messages in detail.items()
        if name not in {"detail", "code", "messages"}
    }


def error_body(detail: str, code: str, fields: dict | None = None) -> dict:
    return {"detail": detail, "code": code, "fields": fields or {}}


SESSION_EXPIRED = "Your session has expired or is no longer valid. Please sign in again."
SERVER_ERROR = "Something went wrong on our side; nothing was changed. Try again."
UNAVAILABLE = "The bank cannot reach its database right now. Nothing was changed; please try again in a moment."


def _body_too_large() -> str:
    megabytes = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20
    return f"The request body is too large: at most {megabytes:g} MB."


def database_unavailable(exc: BaseException) -> bool:
    """True when a database error means the database cannot be reached (or is busy), not a bug:
    the call then answers 503. Checked by asking the database again on a fresh connection."""
    if not isinstance(exc, OperationalError | InterfaceError):
        return False
    if "locked" in str(exc).lower():  # SQLite's writers queue timed out: busy, try again
        return True
    try:
        connection.close()
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        return True
    return False


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
    if database_unavailable(exc):
        logger.warning("Database unavailable in %s: %s", context.get("view"), exc)
        return Response(error_body(UNAVAILABLE, "unavailable"), status=status.HTTP_503_SERVICE_UNAVAILABLE)
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
        if isinstance(exc, (exceptions.AuthenticationFailed, exceptions.NotAuthenticated)):
            detail = SESSION_EXPIRED if isinstance(exc, exceptions.AuthenticationFailed) else str(exc.detail)
            code = "not_authenticated"
        elif isinstance(exc, exceptions.Throttled):
            detail = f"Too many attempts. Please wait {int(exc.wait or 60)} seconds and try again."
            code = "throttled"
        else:
            detail = _first_message(exc.detail)
            codes = exc.get_codes()
            code = codes if isinstance(codes, str) else exc.default_code
        response = Response(error_body(detail, code, _field_messages(exc.detail)), status=exc.status_code)
        for name, value in headers.items():
            response[name] = value
        return response

    logger.exception("Unhandled error in %s", context.get("view"))
    # services change data in one transaction, which an error rolls back: nothing was changed
    return Response(error_body(SERVER_ERROR, "server_error"), status=status.HTTP_500_INTERNAL_SERVER_ERROR)
