"""schemathesis over the whole OpenAPI schema, with an admin's and a player's token: no call answers
a server error, a status the schema does not document, or a body that breaks its documented shape.

A bounded run (FUZZ_EXAMPLES cases per call and role, in-process through the WSGI app); for a longer
one: FUZZ_EXAMPLES=200 .venv/bin/python -m pytest bank/tests/test_schema_fuzz.py
"""

import os

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from accounts.tests.factories import AdminFactory, PlayerFactory
from accounts.tokens import token_issue
from lending.tests.factories import LoanFactory, PendingLoanFactory

FUZZ_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "10"))
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance, content_type_conformance]


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
    """A small bank, so that generated ids sometimes name real records (ids start at 1)."""
    admin = AdminFactory()
    player = PlayerFactory(credit_score=120, has_solo_access=True)
    others = [PlayerFactory() for _ in range(3)]
    LoanFactory(player=player)
    LoanFactory(player=others[0])
    PendingLoanFactory(player=player)
    PendingLoanFactory(player=others[1])
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
