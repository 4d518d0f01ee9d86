"""The schema is the truth (docs/api-contract.md): schemathesis over every operation of the OpenAPI
schema, with an admin's and a player's token, over a bank with a record of every kind in every
state: no call answers a server error, a status the schema does not document, or a body that breaks
its documented shape (formats included: a withdrawal's time is answered and documented "18:30").
Beside it, the answers no generated case meets are checked call by call: a body that is not JSON
(415), an address too long (414) or carrying a token (400), an Accept the API cannot meet (JSON,
never 406).

A bounded run (FUZZ_EXAMPLES cases per call and role, in-process through the WSGI app); for a longer
one: FUZZ_EXAMPLES=200 .venv/bin/python -m pytest operations/tests/test_schema_fuzz.py
"""

import os
import re

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections, transaction
from django.test import Client
from django.urls import resolve
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.tests.factories import AdminFactory, PlayerFactory
from accounts.tokens import token_issue
from bank import audit
from exchange import services as exchange_services
from lending.savings import services as savings_services
from lending.tests.factories import LoanFactory, PendingLoanFactory, WithdrawalRequestFactory
from operations.tests.stocked import exchange_request, stock_bank, stock_player

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    content_type_conformance,
    response_headers_conformance,
]


# read through the app itself at collection time (the schema view touches no database)
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """As Django's own test client does: the request signals must not close the connection that
    holds the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def bank(db):
    """A small bank with a record of every kind, pending and decided, so that generated ids often
    name real records (ids start at 1) and every shape of answer is met."""
    admin = AdminFactory()
    player = PlayerFactory(credit_score=120, has_solo_access=True)
    stock_player(player, admin=admin)
    others = stock_bank(admin=admin)
    LoanFactory(player=player)
    PendingLoanFactory(player=others[0])
    denied = WithdrawalRequestFactory(player=player, amount=5_000)
    savings_services.withdrawal_request_deny(request_id=denied.pk, admin=admin, reason="Not this week")
    approved = WithdrawalRequestFactory(player=player, amount=7_000)
    savings_services.withdrawal_request_approve(request_id=approved.pk, admin=admin, notes="Paid in game")
    denied_exchange = exchange_request(player, pearls=4)
    exchange_services.exchange_request_deny(request_id=denied_exchange.pk, admin=admin, reason="Not now")
    with transaction.atomic():
        audit.record(actor=admin, kind="player.updated", obj=player, player=player, after={"bad_payer": False})
    return {"admin": admin, "player": player.user}


FUZZ_SETTINGS = settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    derandomize=True,  # the same cases every run: a failure here is a finding, never a flake
    suppress_health_check=list(HealthCheck),
)


def _call_as(case, user) -> None:
    # a fresh token per case: a generated logout or extension must not end the next case's session
    token = token_issue(user=user).access_token
    case.call_and_validate(headers={"Authorization": f"Bearer {token}"}, checks=CHECKS)


@schema.parametrize()
@FUZZ_SETTINGS
def test_every_call_as_an_admin_answers_only_what_the_schema_documents(case, bank):
    _call_as(case, bank["admin"])


@schema.parametrize()
@FUZZ_SETTINGS
def test_every_call_as_a_player_answers_only_what_the_schema_documents(case, bank):
    _call_as(case, bank["player"])


# --- what no generated case meets ---------------------------------------------------------------

OPERATIONS = [
    (path, method.upper(), operation)
    for path, item in schema.raw_schema["paths"].items()
    for method, operation in item.items()
    if method in {"get", "post", "put", "patch", "delete"}
]
WRITES = [(path, method, operation) for path, method, operation in OPERATIONS if method != "GET"]


def _ids(operations) -> list[str]:
    return [f"{method} {path}" for path, method, _ in operations]


def _concrete(path: str) -> str:
    return path.replace("{id}", "1")


@pytest.mark.parametrize("path,method,operation", WRITES, ids=_ids(WRITES))
def test_every_write_refuses_a_body_that_is_not_json_with_its_documented_415(bank, path, method, operation):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=bank['admin']).access_token}")
    response = client.generic(method, _concrete(path), "player_id=1", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    assert response.json()["code"] == "unsupported_media_type"
    assert "415" in operation["responses"]


@pytest.mark.parametrize("path,method,operation", OPERATIONS, ids=_ids(OPERATIONS))
def test_every_call_documents_the_answers_its_address_can_get(path, method, operation):
    """Any call's address can be too long (414) or carry a token (400); every call but the health
    checks of the process itself reads the database (503)."""
    assert {"400", "414"} <= set(operation["responses"])
    view = resolve(_concrete(path)).func.view_class
    if not getattr(view, "needs_no_database", False):
        assert "503" in operation["responses"]


def test_an_address_too_long_or_carrying_a_token_gets_what_is_documented(bank):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=bank['player']).access_token}")
    assert client.get("/api/loans/limits?term=" + "x" * 9_000).status_code == 414
    assert client.get("/api/loans/limits?access_token=abc").status_code == 400


def test_an_accept_header_the_api_cannot_meet_gets_json_not_406(bank):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=bank['player']).access_token}")
    response = client.get("/api/loans/limits", HTTP_ACCEPT="text/html")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"


def test_an_api_path_with_a_line_break_answers_in_the_error_shape(bank):
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=bank['player']).access_token}")
    response = client.get("/api/loans/eligibility/%0A1")
    assert (response.status_code, response["Content-Type"]) == (404, "application/json")
    assert response.json()["code"] == "not_found"


def test_a_withdrawal_time_is_documented_as_it_is_answered(bank):
    time_schema = schema.raw_schema["components"]["schemas"]["WithdrawalOut"]["properties"]["withdrawal_time"]
    assert "format" not in time_schema  # OpenAPI's "time" is a full RFC 3339 time, "18:30:00Z"
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=bank['admin']).access_token}")
    answered = client.get("/api/admin/withdrawal-requests").json()["withdrawal_requests"][0]["withdrawal_time"]
    assert re.fullmatch(time_schema["pattern"], answered)
