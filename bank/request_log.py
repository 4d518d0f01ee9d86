"""Each request's log line and its id (plumbing: imports no app), through django-structlog's
RequestMiddleware (the first of MIDDLEWARE) and its signals, connected in bank/apps.py.

- The request id: made fresh for every request (a UUID), or the one the front proxy made, when there
  is a trusted proxy in front (BANK_NUM_PROXIES > 0: nginx sets X-Request-ID to its own `$request_id`
  on every request it passes, deploy/nginx.conf, whatever the client sent). A client's own id is
  never taken without a proxy, and one that is not short plain letters, digits and dashes never.
  Every answer says it in `X-Request-ID`, errors included; the interface shows it beside an
  unexpected error, so that a player can quote it, and an operator finds the lines by it.
- The request's line, `request_finished` (`request_failed` for an error no view answered, with its
  traceback): `request_id`, `user_id` (the signed-in account's id, or null; never a name), `request`
  (the method and the address, redacted: bank/redaction.py), `route` (the URL pattern, without ids),
  `status` and `duration_ms`. `request_started` is written at DEBUG only.
"""

import re
import time
import uuid

import structlog
from django.http import HttpRequest, HttpResponse

from bank.redaction import redact_uri

REQUEST_ID_HEADER = "X-Request-ID"
# nginx's $request_id is 32 hexadecimal digits, a UUID 36 characters: an id from a proxy is taken
# only in this shape (no spaces, no quotes, nothing long), else the request gets one of its own
_TRUSTED_ID = re.compile(r"[A-Za-z0-9-]{8,64}")
# the address in a line is cut here (the bank answers 414 past 8,192 characters anyway)
MAX_LOGGED_ADDRESS = 1_000
_ANCHOR = re.compile(r"(^|/)\^")


def _address(request: HttpRequest) -> str:
    return f"{request.method} {redact_uri(request.get_full_path())[:MAX_LOGGED_ADDRESS]}"


def _route(request: HttpRequest) -> str | None:
    """The URL pattern that answered ("/api/loans/<int:pk>"), not the address with its ids; None when
    no pattern did (a middleware answered first)."""
    match = getattr(request, "resolver_match", None)
    if match is None or not match.route:
        return None
    # a regular expression's anchors (re_path) said once, not at each level of the patterns
    return "/" + _ANCHOR.sub(r"\1", match.route).removesuffix("$")


def _duration_ms(request: HttpRequest) -> float | None:
    started = getattr(request, "bank_started", None)
    return None if started is None else round((time.perf_counter() - started) * 1000, 1)


def request_id() -> str | None:
    """The request id bound for the request now running (None outside a request)."""
    return structlog.contextvars.get_contextvars().get("request_id")


def started(request: HttpRequest, log_kwargs: dict, **_kwargs) -> None:
    """bind_extra_request_metadata: the request's start, and an id from the proxy checked."""
    request.bank_started = time.perf_counter()  # type: ignore[attr-defined]
    bound = request_id()
    if not bound or not _TRUSTED_ID.fullmatch(bound):
        bound = str(uuid.uuid4())
    structlog.contextvars.bind_contextvars(request_id=bound)
    log_kwargs["request"] = _address(request)


def _finished_fields(request: HttpRequest, log_kwargs: dict, status: int) -> None:
    log_kwargs.pop("code", None)
    log_kwargs.update(
        request=_address(request), route=_route(request), status=status, duration_ms=_duration_ms(request)
    )
    if "user_id" not in structlog.contextvars.get_contextvars():
        structlog.contextvars.bind_contextvars(user_id=None)


def finished(request: HttpRequest, response: HttpResponse, log_kwargs: dict, **_kwargs) -> None:
    """bind_extra_request_finished_metadata: the line's fields, and the id in the answer."""
    _finished_fields(request, log_kwargs, response.status_code)
    response[REQUEST_ID_HEADER] = request_id() or ""


def failed(request: HttpRequest, log_kwargs: dict, **_kwargs) -> None:
    """bind_extra_request_failed_metadata: an error no view answered (Django answers 500)."""
    _finished_fields(request, log_kwargs, log_kwargs.get("code", 500))


def failure_answered(response: HttpResponse, **_kwargs) -> None:
    """update_failure_response: the answer to that error says the id too."""
    response[REQUEST_ID_HEADER] = request_id() or ""
