"""A token never travels in an address (docs/rules.md, "Signing in and sessions"): the app checks it
with the Authorization header, the API refuses one in a query string, and no log keeps one."""

import json
import logging

import pytest

from accounts.tests.factories import PlayerFactory, made
from accounts.tokens import token_issue
from bank.redaction import REDACTED, TOKEN_IN_URL, redact_uri
from testkit.servers import asgi_server, call, env_for_test_database

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def token(db) -> str:
    user = made(PlayerFactory, name="Aria").user
    assert user is not None  # a registered player (the factory's default)
    return token_issue(user=user).access_token


def test_verify_token_reads_the_authorization_header(api, token):
    response = api.get("/api/verify-token", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 200
    assert response.json()["valid"] is True
    assert response.json()["username"] == "Aria"


@pytest.mark.parametrize("header", [None, "", "Bearer", "Basic dXNlcjpwYXNz", "Token abc"])
def test_verify_token_without_a_bearer_header_says_not_valid(api, header):
    extra = {} if header is None else {"HTTP_AUTHORIZATION": header}
    response = api.get("/api/verify-token", **extra)
    assert response.status_code == 200
    assert response.json()["valid"] is False


def test_a_token_in_the_query_string_is_refused_without_repeating_it(api, token):
    response = api.get("/api/verify-token", {"token": token})
    assert response.status_code == 400
    assert response.json() == {"detail": TOKEN_IN_URL, "code": "token_in_url", "fields": {}}
    assert token not in response.content.decode()


@pytest.mark.parametrize(
    "path,query",
    [
        ("/api/me", "access_token={token}"),
        ("/api/me/bank-data", "jwt={token}"),
        ("/api/loans/limits", "t={token}"),  # any name: the value has a token's shape
        ("/api/verify-token", "TOKEN=anything"),
    ],
)
def test_every_api_call_refuses_a_token_in_its_address(api, token, path, query):
    response = api.get(f"{path}?{query.format(token=token)}", HTTP_AUTHORIZATION=f"Bearer {token}")
    assert response.status_code == 400
    assert response.json()["code"] == "token_in_url"


def test_the_refusal_logs_no_token(api, token, caplog):
    with caplog.at_level(logging.DEBUG):
        api.get("/api/verify-token", {"token": token})
    assert caplog.records  # Django's request log writes the refusal ...
    logged = "\n".join(f"{record.getMessage()} {record.args}" for record in caplog.records)
    assert token not in logged  # ... by its path only


@pytest.mark.parametrize(
    "uri,expected",
    [
        ("/api/verify-token?token=abc.def", f"/api/verify-token?token={REDACTED}"),
        ("/api/me?page=2&access_token=x&q=1", f"/api/me?page=2&access_token={REDACTED}&q=1"),
        ("/ws/bank/?ticket=Zx81_k", f"/ws/bank/?ticket={REDACTED}"),
        ("/api/search/players?term=aria", "/api/search/players?term=aria"),
        ("/dashboard/eyJhbGciOi.eyJ1c2VyX2lk.c2lnbmF0dXJl", f"/dashboard/{REDACTED}"),
    ],
)
def test_the_access_log_address_is_redacted(uri, expected):
    assert redact_uri(uri) == expected


def test_the_servers_access_log_never_keeps_a_token(token, tmp_path):
    """`python -m config.server` (make run, make serve) is daphne whose access log, a log event like any
    other (config/server.py), redacts addresses; the request's own line does too (bank/request_log.py)."""
    log_path = tmp_path / "server.log"
    with asgi_server(env_for_test_database(LOG_LEVEL="DEBUG"), log_path=log_path) as base_url:
        assert call(base_url, "GET", "/api/verify-token", token=token)[1]["valid"] is True
        status, answer = call(base_url, "GET", f"/api/verify-token?token={token}")
        assert (status, answer["code"]) == (400, "token_in_url")
    written = log_path.read_text()
    assert token not in written
    lines = [json.loads(line) for line in written.splitlines()]
    answered = [(line["path"], line["status"]) for line in lines if line["event"] == "http_answered"]
    assert answered[-2:] == [("/api/verify-token", 200), (f"/api/verify-token?token={REDACTED}", 400)]
    finished = [(line["request"], line["status"]) for line in lines if line["event"] == "request_finished"]
    assert finished[-2:] == [("GET /api/verify-token", 200), (f"GET /api/verify-token?token={REDACTED}", 400)]
