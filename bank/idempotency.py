"""Requests happen once: calls that file a request, move money, change a credit score or add a player
or an officer accept an `Idempotency-Key` header.

The first call with a key runs, and its answer is stored with the caller, the key, the call and a
hash of its input, in the same transaction as the change it made. Within 24 hours the same key:
- with the same call and input answers that first answer again, and writes nothing;
- with another call or input answers 422 and writes nothing.
Two calls with one key at the same moment run once: both insert the key's row, the database's
unique index makes the second wait for the first to commit and then fail, and it answers the
first's stored answer (SQLite's IMMEDIATE transactions queue them the same way).
A call that fails (400, 404, 409...) changes nothing and stores nothing, so it may be retried.
"""

import hashlib
import hmac
import json
import re
from collections.abc import Callable
from datetime import timedelta
from functools import wraps

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from bank import clock
from bank.errors import BankError, mark_key_honoured
from bank.models import IdempotencyRecord

HEADER = "Idempotency-Key"
WINDOW = timedelta(hours=24)
_KEY = re.compile(r"[\x21-\x7e]{1,255}")  # visible ASCII, 1 to 255 characters

IDEMPOTENCY_KEY_HEADER = OpenApiParameter(
    HEADER,
    str,
    location=OpenApiParameter.HEADER,
    required=False,
    description="Any 1 to 255 visible ASCII characters, new for each submission: a retry or a double "
    "click with the same key and input answers the first answer again and changes nothing; the same key "
    "with other input answers 422.",
)


def _input_hash(request) -> str:
    """The call's query and body, hashed with a key of the server's (HMAC-SHA-256 with SECRET_KEY):
    a body may hold a password (New Player, a new officer), and a plain hash of a body whose other
    values are in the database would let anyone who reads the table try passwords against it."""
    query = sorted((key, request.query_params.getlist(key)) for key in request.query_params)
    sent = json.dumps({"query": query, "body": request.data}, sort_keys=True, default=str, ensure_ascii=True)
    return hmac.new(settings.SECRET_KEY.encode(), sent.encode(), hashlib.sha256).hexdigest()


def _replay(record: IdempotencyRecord, *, scope: str, body_hash: str) -> HttpResponse:
    if record.scope != scope or record.body_hash != body_hash:
        raise BankError(
            f"This {HEADER} was already used for another request. Send a new key for a new request.",
            code="idempotency_key_reused",
            status=422,
            fields={HEADER: ["Already used with other input."]},
        )
    response = HttpResponse(record.response_body, status=record.status_code, content_type="application/json")
    response["Idempotent-Replayed"] = "true"
    return response


def run_once(request, *, call: Callable[[], Response]) -> Response | HttpResponse:
    """Answer `call()`, at most once per caller and Idempotency-Key (see the module's docstring)."""
    key = request.headers.get(HEADER)
    if key is None:
        return call()
    if not _KEY.fullmatch(key):
        message = f"{HEADER} must be 1 to 255 visible ASCII characters"
        raise BankError(message, code="invalid_idempotency_key", fields={HEADER: [message]})
    mark_key_honoured(request)
    scope = f"{request.method} {request.path}"
    body_hash = _input_hash(request)
    user = request.user
    fresh_since = clock.now() - WINDOW
    earlier = IdempotencyRecord.objects.filter(user=user, key=key, created_at__gte=fresh_since).first()
    if earlier is not None:
        return _replay(earlier, scope=scope, body_hash=body_hash)
    try:
        with transaction.atomic():
            # a record older than the window frees its key
            IdempotencyRecord.objects.filter(user=user, key=key, created_at__lt=fresh_since).delete()
            record = IdempotencyRecord.objects.create(
                user=user, key=key, scope=scope, body_hash=body_hash, status_code=0, response_body=""
            )
            response = call()
            record.status_code = response.status_code
            record.response_body = JSONRenderer().render(response.data).decode()
            record.save(update_fields=["status_code", "response_body"])
    except IntegrityError:
        # the same key is being answered by a call that committed first: answer what it answered
        earlier = IdempotencyRecord.objects.filter(user=user, key=key).first()
        if earlier is None:
            raise
        return _replay(earlier, scope=scope, body_hash=body_hash)
    return response


def idempotent(view_method):
    """Decorate an APIView method whose call files a request, moves money, changes a credit score or
    adds a player or an officer: anything a client may need to send again after an answer was lost."""

    @wraps(view_method)
    def wrapper(self, request, *args, **kwargs):
        return run_once(request, call=lambda: view_method(self, request, *args, **kwargs))

    wrapper.idempotent = True  # the schema documents its 422 (bank.schema)
    return wrapper
