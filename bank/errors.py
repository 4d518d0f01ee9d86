"""One error shape for the whole API: {"detail": str, "code": str, "fields": {...}}."""

import logging

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
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


def exception_handler(exc, context):
    """DRF's EXCEPTION_HANDLER: every error, ours or the framework's, in one shape."""
    if isinstance(exc, BankError):
        return Response(error_body(exc.detail, exc.code, exc.fields), status=exc.status)
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
    return Response(
        error_body("Something went wrong on our side. Nothing was changed; please try again.", "server_error"),
        status=status.HTTP_500_INTERNAL_SERVER_ERROR,
    )
