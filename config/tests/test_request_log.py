"""Each request's log line and id (bank/request_log.py), and the redaction every line goes through
(bank/logs.py, bank/redaction.py): the lines as production writes them (JSON), read back."""

import io
import json
import logging
import re
import uuid

import pytest
import structlog
from django.test import Client, override_settings

from accounts.tests.factories import PlayerFactory, made
from bank.logs import formatter, known_secrets
from bank.redaction import REDACTED, redact_text
from conftest import bearer_for

pytestmark = pytest.mark.django_db

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")


class Lines:
    """What the JSON formatter wrote while the test ran, one dict a line."""

    def __init__(self, stream: io.StringIO):
        self.stream = stream

    def all(self) -> list[dict]:
        return [json.loads(line) for line in self.stream.getvalue().splitlines()]

    def events(self, event: str) -> list[dict]:
        return [line for line in self.all() if line["event"] == event]

    @property
    def text(self) -> str:
        return self.stream.getvalue()


@pytest.fixture
def lines():
    """Production's formatter on the root logger, at DEBUG, for the test's length."""
    stream = io.StringIO()
    spec = {key: value for key, value in formatter("json").items() if key != "()"}
    handler = logging.StreamHandler(stream)
    handler.setFormatter(structlog.stdlib.ProcessorFormatter(**spec))
    root = logging.getLogger()
    level = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield Lines(stream)
    finally:
        root.removeHandler(handler)
        root.setLevel(level)


def test_a_signed_in_call_has_one_line_with_its_id_user_route_status_and_duration(lines):
    player = made(PlayerFactory, name="Aria")
    response = bearer_for(player.user).get("/api/me")
    assert response.status_code == 200
    request_id = response["X-Request-ID"]
    assert UUID.fullmatch(request_id)
    [line] = [line for line in lines.events("request_finished") if line["request_id"] == request_id]
    assert line["user_id"] == player.user_id
    assert line["route"] == "/api/me"
    assert line["request"] == "GET /api/me"
    assert line["status"] == 200
    assert line["level"] == "info"
    assert 0 <= line["duration_ms"] < 60_000
    assert "code" not in line  # said once, as `status`
    # the start is written at DEBUG, with the same id
    assert [start["request_id"] for start in lines.events("request_started")] == [request_id]


def test_the_route_is_the_pattern_not_the_address(lines, admin_api):
    response = admin_api.get("/api/players/987654/statement.csv?from=2026-01-01&to=2026-01-31")
    assert response.status_code == 404
    [line] = lines.events("request_finished")
    assert line["route"] == "/api/players/<int:pk>/statement.csv"
    assert line["request"] == "GET /api/players/987654/statement.csv?from=2026-01-01&to=2026-01-31"


@pytest.mark.parametrize(
    "path,status",
    [
        ("/api/health", 200),
        ("/api/me", 401),  # not signed in
        ("/api/no-such-thing", 404),
        ("/api/me?token=abc.def", 400),  # refused by a middleware, before any route
        ("/api/" + "x" * 9_000, 414),  # refused by the first of the bank's middleware
    ],
)
def test_every_answer_says_its_request_id(lines, api, path, status):
    response = api.get(path)
    assert response.status_code == status
    [line] = lines.events("request_finished")
    assert response["X-Request-ID"] == line["request_id"]
    assert line["status"] == status
    assert line["user_id"] is None


def test_a_token_in_the_address_is_redacted_in_the_request_line(lines, api):
    token = "eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2lnbmF0dXJlc2lnbmF0dXJl"
    api.get(f"/api/me/bank-data?page=2&access_token={token}")
    [line] = lines.events("request_finished")
    assert line["request"] == f"GET /api/me/bank-data?page=2&access_token={REDACTED}"
    assert token not in lines.text


def test_an_error_the_api_did_not_expect_answers_500_with_the_id_and_logs_its_traceback(lines, monkeypatch):
    from accounts import apis

    def broken(self, request):
        raise RuntimeError("the view broke")

    monkeypatch.setattr(apis.MeApi, "get", broken)
    player = made(PlayerFactory, name="Aria")
    response = bearer_for(player.user).get("/api/me")
    assert response.status_code == 500
    request_id = response["X-Request-ID"]
    [finished] = lines.events("request_finished")
    assert (finished["request_id"], finished["status"], finished["level"]) == (request_id, 500, "error")
    [unhandled] = [line for line in lines.all() if line["event"].startswith("Unhandled error")]
    assert unhandled["request_id"] == request_id
    assert "RuntimeError: the view broke" in unhandled["exception"]


def test_an_error_outside_the_api_answers_500_with_the_id_and_logs_its_traceback(lines, monkeypatch):
    from operations import views

    def broken():
        raise RuntimeError("the page broke")

    monkeypatch.setattr(views, "page_config", broken)
    response = Client(raise_request_exception=False).get("/dashboard")
    assert response.status_code == 500
    request_id = response["X-Request-ID"]
    [failed] = lines.events("request_failed")
    assert (failed["request_id"], failed["status"], failed["route"]) == (
        request_id,
        500,
        "/(?!api/|ws/|static/|django-admin/).*",
    )
    assert "RuntimeError: the page broke" in failed["exception"]
    assert not lines.events("request_finished")
    # Django's own "Internal Server Error" line would repeat it, without the id
    assert not [line for line in lines.all() if line["logger"] == "django.request"]


def test_a_clients_request_id_is_not_taken_without_a_trusted_proxy(lines, api):
    response = api.get("/api/health", HTTP_X_REQUEST_ID="0123456789abcdef0123456789abcdef")
    assert response["X-Request-ID"] != "0123456789abcdef0123456789abcdef"
    assert UUID.fullmatch(response["X-Request-ID"])


@override_settings(DJANGO_STRUCTLOG_TRUST_UPSTREAM_REQUEST_ID=True)
def test_behind_the_proxy_its_request_id_is_the_requests(lines, api):
    response = api.get("/api/health", HTTP_X_REQUEST_ID="0123456789abcdef0123456789abcdef")
    assert response["X-Request-ID"] == "0123456789abcdef0123456789abcdef"
    assert lines.events("request_finished")[0]["request_id"] == "0123456789abcdef0123456789abcdef"


@override_settings(DJANGO_STRUCTLOG_TRUST_UPSTREAM_REQUEST_ID=True)
@pytest.mark.parametrize("sent", ["short", "has spaces in it", '"quoted"-0123456789', "x" * 65, "a\nb-0123456789"])
def test_an_id_not_shaped_like_one_is_replaced_even_from_the_proxy(lines, api, sent):
    response = api.get("/api/health", HTTP_X_REQUEST_ID=sent)
    assert UUID.fullmatch(response["X-Request-ID"])


# --- the last line of defence: whatever a line says, no secret is kept ---------------------------------

WEBHOOK = "https://discord.com/api/webhooks/123456789012345678/AbCdEf-ghIJkl_mnOPqrSTuv0123456789"


@override_settings(
    SECRET_KEY="a-signing-key-" + "k7Q" * 20,
    BANK_BACKUP_KEY="a-backup-key-" + "Zp9" * 12,
    DISCORD_WEBHOOK_URL=WEBHOOK,
)
def test_the_bank_s_own_secrets_are_redacted_wherever_a_line_says_them(lines):
    logger = logging.getLogger("bank.test")
    signing, backup = "a-signing-key-" + "k7Q" * 20, "a-backup-key-" + "Zp9" * 12
    logger.warning("signed with %s and %s", signing, backup)
    logger.warning("posting to %s failed", WEBHOOK)
    logger.warning("posting to %s failed", WEBHOOK.replace("https://discord.com", "https://discordapp.com"))
    structlog.get_logger("bank.test").warning("structured", key=signing, nested={"deeper": [backup]})
    try:
        raise ValueError(f"cannot sign with {backup}")
    except ValueError:
        logger.exception("a traceback that names the key")
    assert signing not in lines.text and backup not in lines.text
    assert "AbCdEf-ghIJkl_mnOPqrSTuv0123456789" not in lines.text
    assert len(lines.all()) == 5
    assert REDACTED in lines.all()[-1]["exception"]


def test_a_field_named_like_a_secret_keeps_no_value(lines):
    structlog.get_logger("bank.test").info(
        "fields",
        password="hunter2hunter2",
        new_password="x",
        token="opaque",
        ticket="t-1",
        user_id=7,
        webhook_url=WEBHOOK,
    )
    [line] = lines.events("fields")
    assert {name: line[name] for name in ("password", "new_password", "token", "ticket", "webhook_url")} == {
        name: REDACTED for name in ("password", "new_password", "token", "ticket", "webhook_url")
    }
    assert line["user_id"] == 7


@pytest.mark.parametrize(
    "text,kept",
    [
        ("Authorization: Bearer abc.def-ghi", "Authorization: [redacted]"),
        ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2lnbmF0dXJl", "Authorization: [redacted]"),
        ("sent Bearer opaque-token-value", "sent Bearer [redacted]"),
        (
            "login with {'username': 'aria', 'password': 'hunter2 2'}",
            "login with {'username': 'aria', 'password': [redacted]}",
        ),
        (
            '{"new_password": "hunter2", "current_password": "x"}',
            '{"new_password": [redacted], "current_password": [redacted]}',
        ),
        ("password=hunter2&next=/", "password=[redacted]&next=/"),
        ("postgres://bank:s3cr3t-pw@db:5432/bank", "postgres://bank:[redacted]@db:5432/bank"),
        ("redis://:s3cr3t-pw@cache:6379/0", "redis://:[redacted]@cache:6379/0"),
        ("/ws/bank/?ticket=Zx81_k&x=1", "/ws/bank/?ticket=[redacted]&x=1"),
        ("/api/me?token=[redacted]", "/api/me?token=[redacted]"),  # redacted once, not again
        ("eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2lnbmF0dXJl", "[redacted]"),
        (f"POST {WEBHOOK}: HTTP 500", "POST /api/webhooks/[redacted]: HTTP 500"),
        ("GET /api/verify-token 200", "GET /api/verify-token 200"),  # a name inside a word is not a secret's
        ("Idempotency-Key: 4f1c, WsTicket: 3", "Idempotency-Key: 4f1c, WsTicket: 3"),
    ],
)
def test_patterns_of_secrets_are_redacted_in_any_text(text, kept):
    assert redact_text(text) == kept


def test_the_known_secrets_come_from_the_settings_and_the_environment(monkeypatch):
    monkeypatch.setenv("BANK_ADMIN_PASSWORD", "the-admins-password")
    with override_settings(DISCORD_WEBHOOK_URL=WEBHOOK, REDIS_URL="redis://:redis-password-42@cache:6379/0"):
        found = known_secrets()
    assert {"redis-password-42", "the-admins-password", WEBHOOK, "AbCdEf-ghIJkl_mnOPqrSTuv0123456789"} <= set(found)
    assert all(found)  # nothing empty: an empty "secret" would match everywhere
    assert str(uuid.uuid4()) not in found
