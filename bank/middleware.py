"""Middleware of the bank's own: addresses that are too long or carry a token, database faults
answered honestly, and writes refused while the bank is restored."""

import contextlib
import logging
import random
import sys
import time

from django.core.exceptions import RequestDataTooBig
from django.core.signals import got_request_exception
from django.db import connection
from django.http import JsonResponse

from bank import maintenance, writes
from bank.errors import database_fault_page, error_body
from bank.redaction import TOKEN_IN_URL, token_in_query

logger = logging.getLogger("bank.middleware")

# The longest path or query string the bank reads. Nothing it serves needs more than a few hundred
# characters; the front proxy's lines are at most 16 KB (deploy/nginx.conf answers 414 and 431 there).
MAX_URL_PART = 8_192
URI_TOO_LONG = "The address is too long: at most 8,192 characters of path and of query string."


def uri_too_long_response() -> JsonResponse:
    return JsonResponse(error_body(URI_TOO_LONG, "uri_too_long"), status=414)


class UrlLengthMiddleware:
    """414 for a path or a query string longer than MAX_URL_PART, before anything reads them."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if len(request.META.get("QUERY_STRING", "")) > MAX_URL_PART or len(request.path) > MAX_URL_PART:
            return uri_too_long_response()
        return self.get_response(request)


BAD_CONTENT_LENGTH = "The Content-Length header must be a whole number of bytes."


class ContentLengthMiddleware:
    """400 for a Content-Length that is not a whole number, before any middleware reads it as one
    (django-prometheus's counts the bodies' sizes, and raised on it: a 500). The servers in front
    answer such a request 400 themselves (nginx, gunicorn, daphne); a client of the application
    itself (a test's) does not."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        length = request.META.get("CONTENT_LENGTH") or "0"
        if not (length.isascii() and length.isdigit()):
            return JsonResponse(error_body(BAD_CONTENT_LENGTH, "parse_error"), status=400)
        return self.get_response(request)


class DatabaseFaultMiddleware:
    """Follows what each request writes (bank/writes.py), so that an error answer says honestly
    whether anything changed, and runs a request again when a deadlock or a serialization failure
    rolled back all it did (at most RETRIES more times, after a short random pause). Every write
    takes its locks in one order (docs/rules.md, "Lock order"), so this is a last resort."""

    RETRIES = 3

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in {"GET", "HEAD", "OPTIONS"}:
            # read once and kept, so that a second attempt reads it again; a body over the limit is
            # left to the view, which answers 413 (bank.errors)
            with contextlib.suppress(RequestDataTooBig):
                request.body  # noqa: B018
        attempt = 0
        while True:
            recorded, token = writes.begin()
            request.bank_uncaught_error = None
            try:
                with connection.execute_wrapper(recorded.track):
                    response = self.get_response(request)
                error = request.bank_uncaught_error
                if error is not None and response.status_code == 500:
                    # outside DRF (the admin site, the app's page): Django's own 500 becomes the honest
                    # 503 (or 409), said while this request's writes are still known
                    response = database_fault_page(error, request) or response
            finally:
                writes.end(token)
            if not getattr(response, "bank_retry", False) or attempt >= self.RETRIES:
                return response
            attempt += 1
            logger.info("Running %s %s again after a deadlock (attempt %s)", request.method, request.path, attempt + 1)
            time.sleep(random.uniform(0.01, 0.05) * attempt)


def _note_uncaught_error(request=None, **kwargs) -> None:
    """got_request_exception: Django is about to answer 500 for an error that no DRF view answered
    (the Django admin site, the app's page, a middleware's own query): kept on the request, so that
    DatabaseFaultMiddleware answers a database fault as the API does (503 or 409), never 500."""
    if request is not None:
        request.bank_uncaught_error = sys.exc_info()[1]


got_request_exception.connect(_note_uncaught_error, dispatch_uid="bank.middleware.uncaught_error")


class TokenInUrlMiddleware:
    """400 for an API call whose query string carries a bearer token (docs/rules.md, "Signing in and
    sessions"): the token goes in the Authorization header. Refused before any view reads the
    request, and the answer does not repeat the token (bank/redaction.py)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith("/api/") and token_in_query(request.META.get("QUERY_STRING", "")):
            return JsonResponse(error_body(TOKEN_IN_URL, "token_in_url"), status=400)
        return self.get_response(request)


NOT_JSON = "The request body must be JSON: send it with Content-Type: application/json."


class JsonBodyMiddleware:
    """415 for an API call that sends a body other than JSON, on every call that can take one
    (POST, PUT, PATCH, DELETE), whether or not its view reads the body: the API speaks JSON only,
    and every write's schema documents this 415 (bank/schema.py). Reads ignore a body."""

    WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        writes_api = request.method in self.WRITES and request.path.startswith("/api/")
        if writes_api and self._has_body(request) and request.content_type.lower() != "application/json":
            return JsonResponse(error_body(NOT_JSON, "unsupported_media_type"), status=415)
        return self.get_response(request)

    @staticmethod
    def _has_body(request) -> bool:
        if request.META.get("HTTP_TRANSFER_ENCODING"):
            return True
        try:
            return int(request.META.get("CONTENT_LENGTH") or 0) > 0
        except ValueError:
            return True  # a length that is not a number: not an empty body


class RestorePauseMiddleware:
    """503 being_restored for every write (any method but GET, HEAD, OPTIONS and TRACE: the API's, the
    Django admin site's) while a restore has paused the bank (bank/maintenance.py), before any
    view runs: nothing is changed. One primary-key read per write; reads are not asked."""

    SAFE = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method not in self.SAFE and maintenance.is_paused():
            response = JsonResponse(error_body(maintenance.BEING_RESTORED, "being_restored"), status=503)
            response["Retry-After"] = str(maintenance.RETRY_AFTER_SECONDS)
            return response
        return self.get_response(request)
