"""No request gets a 500: oversized and over-nested bodies, and a database that cannot be reached."""

import json
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from accounts.tokens import token_issue
from lending.models import PendingLoan
from testkit.servers import ROOT, free_port

pytestmark = pytest.mark.django_db

TOO_BIG = b'{"username": "' + b"a" * 3_000_000 + b'", "password": "x"}'
TOO_DEEP = b"[" * 100_000


@pytest.mark.parametrize("path", ["/api/login", "/api/register"])
def test_a_body_over_the_upload_limit_answers_413_in_the_error_shape(api, path):
    response = api.generic("POST", path, TOO_BIG, content_type="application/json")
    assert response.status_code == 413
    assert response.json() == {
        "detail": "The request body is too large: at most 2.5 MB.",
        "code": "body_too_large",
        "fields": {},
    }


def test_an_oversized_body_on_a_signed_in_call_answers_413_and_files_nothing(player_api):
    response = player_api.generic("POST", "/api/pending-loans", TOO_BIG, content_type="application/json")
    assert response.status_code == 413
    assert not PendingLoan.objects.exists()


@pytest.mark.parametrize("path", ["/api/login", "/api/register"])
def test_json_nested_too_deep_answers_400(api, path):
    response = api.generic("POST", path, TOO_DEEP, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"


def test_json_nested_too_deep_on_a_signed_in_call_answers_400(player_api):
    response = player_api.generic("POST", "/api/pending-loans", TOO_DEEP, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (400, "parse_error")


def _get(url: str, token: str | None = None, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method="POST" if data else "GET")
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


@pytest.mark.bank_date(None)  # its server runs at the real time: so does the token it checks
def test_calls_answer_503_unavailable_when_the_database_cannot_be_reached(player, tmp_path: Path):
    """A real server whose database file lies in a folder that does not exist."""
    port = free_port()
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": f"sqlite:///{tmp_path}/missing-folder/db.sqlite3",
        "PATH": "/usr/bin:/bin",
    }
    daphne = Path(sys.executable).with_name("daphne")
    process = subprocess.Popen(
        [str(daphne), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:  # the keep-alive needs no database: it answers once the server is up
            try:
                if _get(f"{base}/api/keep-alive/ping")[0] == 200:
                    break
            except (urllib.error.URLError, ConnectionError):
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        token = token_issue(user=player.user).access_token
        for status, body in (
            _get(f"{base}/api/me", token=token),
            _get(f"{base}/api/login", body={"username": "Aria", "password": "guildbank1"}),
        ):
            assert status == 503
            assert body["code"] == "unavailable"
            assert "database" in body["detail"]
        assert _get(f"{base}/api/health")[0] == 503
        assert _get(f"{base}/health/ready")[0] == 503
        assert _get(f"{base}/health/live") == (200, {"status": "ok"})  # it asks nothing
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_an_unexpected_error_answers_500_saying_nothing_was_changed(admin_api, monkeypatch):
    # a bug behind a call: the answer says what it means for the person, in words they can act on
    from lending.loans import selectors

    def broken(**_kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(selectors, "loans_check", broken)
    response = admin_api.get("/api/admin/loans/check")
    assert response.status_code == 500
    assert response.json() == {
        "detail": "Something went wrong on our side; nothing was changed. Try again.",
        "code": "server_error",
        "fields": {},
    }
