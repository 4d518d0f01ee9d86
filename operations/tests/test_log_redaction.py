"""No log line keeps a secret (issue 33, part 2; README.md, "Logs"), read from the logs of a real run.

The bank runs with production settings (JSON lines), at LOG_LEVEL=DEBUG so that it writes all it can,
and the run uses every kind of secret the bank holds:
- bearer tokens (every call signed in, one put in an address, which is refused), and a socket's ticket;
- passwords: a player's sign-in, a wrong password, the player's password change, an officer's sign-in;
- the backup key: a backup downloaded (GET /api/backup), one written by `manage.py backup` and loaded
  again by `manage.py restore --replace`, both signed with BANK_BACKUP_KEY;
- the Discord webhook: two decisions' messages delivered to the fake Discord, whose first answer fails;
- the signing key (DJANGO_SECRET_KEY), which signs every token.
Then every line the run wrote is read: none holds any of those secrets, every line of the bank's logs is
a JSON object, and each request's line has its request id (the one its answer's X-Request-ID said), the
user id, the route, the status and the duration.

Once with one daphne process (`make run`'s way, on the run's SQLite or PostgreSQL), once in the
production layout (nginx, gunicorn, daphne, the task worker: `make serve`, on PostgreSQL and Redis).
"""

import asyncio
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import websockets
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from websockets.typing import Origin

from accounts.models import User
from accounts.tests.factories import AdminFactory, PlayerFactory, made
from bank.models import BankSettings, OutboxMessage
from bank.redaction import REDACTED
from lending.tests.factories import SavingsFactory, WithdrawalRequestFactory
from testkit.discord import FakeDiscord, fake_discord
from testkit.factors import authenticator_code, authenticator_for
from testkit.layout import production_layout
from testkit.servers import ROOT, asgi_server, env_for_test_database, needs_postgresql_and_redis

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("books_balance")]

REQUEST_FIELDS = {"request_id", "user_id", "route", "status", "duration_ms"}


@dataclass
class Run:
    """The secrets a run uses, and what it saw: each answer's request id, and every secret it met."""

    secret_key: str = field(default_factory=lambda: secrets.token_urlsafe(64))
    backup_key: str = field(default_factory=lambda: secrets.token_urlsafe(40))
    webhook_token: str = field(default_factory=lambda: secrets.token_urlsafe(48))
    password: str = field(default_factory=lambda: "pw-" + secrets.token_hex(10))
    new_password: str = field(default_factory=lambda: "new-" + secrets.token_hex(10))
    wrong_password: str = field(default_factory=lambda: "wrong-" + secrets.token_hex(10))
    officer_password: str = field(default_factory=lambda: "officer-" + secrets.token_hex(10))
    met: list[str] = field(default_factory=list)  # tokens, tickets, the webhook's address: seen during the run
    answered: dict[str, tuple[str, int]] = field(default_factory=dict)  # request id -> (method path, status)

    def env(self, webhook_url: str) -> dict[str, str]:
        return {
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": self.secret_key,
            "BANK_BACKUP_KEY": self.backup_key,
            "DISCORD_WEBHOOK_URL": webhook_url,
            "DJANGO_SECURE_SSL_REDIRECT": "false",  # plain HTTP on 127.0.0.1
            "LOG_LEVEL": "DEBUG",
            # The production settings count sign-ins per address in Redis with no per-test prefix, so
            # every server process of the run started from 127.0.0.1 shares one budget: without this
            # the wrong password could meet 429 from other tests' sign-ins in the same minute.
            "BANK_LOGIN_RATE": "100000/min",
        }

    @property
    def secrets(self) -> list[str]:
        passwords = [self.password, self.new_password, self.wrong_password, self.officer_password]
        return [self.secret_key, self.backup_key, self.webhook_token, *passwords, *self.met]

    def call(
        self, base_url: str, method: str, path: str, body: dict | None = None, *, token: str | None = None
    ) -> tuple[int, dict]:
        """One call; its answer's X-Request-ID is kept, with what the call was."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(f"{base_url}{path}", data=data, method=method)
        request.add_header("Content-Type", "application/json")
        # a client's own id is never taken (no proxy trusted; nginx puts its own in its place)
        request.add_header("X-Request-ID", "chosen-by-the-client")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw, headers = response.status, response.read(), response.headers
        except urllib.error.HTTPError as error:
            status, raw, headers = error.code, error.read(), error.headers
        request_id = headers.get("X-Request-ID")
        assert request_id and request_id != "chosen-by-the-client", (method, path, request_id)
        self.answered[request_id] = (f"{method} {path.partition('?')[0]}", status)
        answer = raw if path.endswith("/backup") else (json.loads(raw) if raw else {})
        return status, answer


def production_hash(password: str) -> str:
    """A hash the production settings read (the test settings hash with MD5), of few iterations."""
    return PBKDF2PasswordHasher().encode(password, PBKDF2PasswordHasher().salt(), iterations=1_000)


def wait_for(condition: Callable[[], bool], *, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds:g} s"
        time.sleep(0.2)


async def open_and_close_socket(ws_url: str, origin: str) -> None:
    async with websockets.connect(ws_url, origin=Origin(origin), open_timeout=10):
        await asyncio.sleep(0.2)


def use_every_secret(run: Run, base_url: str, discord: FakeDiscord, command_env: dict[str, str], logs: Path) -> int:
    """The run: every kind of secret used through the running bank and its commands; the player's user id."""
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 1_000_000_000})
    player = made(PlayerFactory, name="Aria", discord="aria.guild")
    requests = [made(WithdrawalRequestFactory, player=player, amount=100_000) for _ in range(2)]
    SavingsFactory(player=player, invested_value=1_000_000, principal=1_000_000)
    officer = made(AdminFactory)
    phone = authenticator_for(officer)
    assert player.user_id is not None  # a registered player (the factory's default)
    User.objects.filter(pk=player.user_id).update(password=production_hash(run.password))
    User.objects.filter(pk=officer.pk).update(password=production_hash(run.officer_password))
    run.met.append(discord.url)

    # passwords: a wrong one, the right one, a change, the new one
    status, _ = run.call(base_url, "POST", "/api/login", {"username": "Aria", "password": run.wrong_password})
    assert status in (400, 401)
    status, answer = run.call(base_url, "POST", "/api/login", {"username": "Aria", "password": run.password})
    assert status == 200, answer
    token = answer["access_token"]
    run.met.append(token)
    change = {"current_password": run.password, "new_password": run.new_password}
    status, answer = run.call(base_url, "POST", "/api/me/password", change, token=token)
    assert status == 200, answer
    status, answer = run.call(base_url, "POST", "/api/login", {"username": "Aria", "password": run.new_password})
    assert status == 200, answer
    token = answer["access_token"]
    run.met.append(token)

    # a token: in the Authorization header, and once in an address (refused without a trace)
    assert run.call(base_url, "GET", "/api/me", token=token)[0] == 200
    assert run.call(base_url, "GET", f"/api/me/bank-data?access_token={token}")[0] == 400
    assert run.call(base_url, "GET", "/api/no-such-thing", token=token)[0] == 404

    # a socket's one-time ticket, in the socket's address
    status, answer = run.call(base_url, "POST", "/api/ws-ticket", token=token)
    assert status == 201, answer
    run.met.append(answer["ticket"])
    ws_url = base_url.replace("http://", "ws://", 1) + f"/ws/bank/?ticket={answer['ticket']}"
    asyncio.run(open_and_close_socket(ws_url, base_url))

    # the webhook: two decisions tell the player on Discord, the first send fails (it is retried later)
    # the officer signs in with a second factor (a backup download asks for a fresh one: step-up); the
    # challenge between the password and the code is a secret too
    status, answer = run.call(
        base_url, "POST", "/api/login", {"username": officer.username, "password": run.officer_password}
    )
    assert status == 202, answer
    run.met.append(answer["challenge"])
    body = {"challenge": answer["challenge"], "otp": authenticator_code(phone)}
    status, answer = run.call(base_url, "POST", "/api/login/factor", body)
    assert status == 200, answer
    officer_token = answer["access_token"]
    run.met.append(officer_token)
    for request in requests:
        path = f"/api/admin/withdrawal-requests/{request.pk}/approve"
        status, answer = run.call(base_url, "PUT", path, token=officer_token)
        assert status == 200, answer
    wait_for(lambda: len(discord.contents) == 1, seconds=60, what="a message's delivery")
    wait_for(
        lambda: OutboxMessage.objects.filter(attempts=1, delivered_at__isnull=True).exists(),
        seconds=30,
        what="the failed send's record",
    )

    # the backup key: a backup downloaded, one written and restored by the commands
    status, downloaded = run.call(base_url, "GET", "/api/backup", token=officer_token)
    assert status == 200 and b'"signature":"hmac-sha256:' in downloaded
    target = logs / "bank-backup.json"
    for name, arguments in [("backup", ["-o", str(target)]), ("restore", [str(target), "--replace"])]:
        with (logs / f"{name}.log").open("w") as log:
            done = subprocess.run(
                [sys.executable, "manage.py", name, *arguments],
                cwd=ROOT,
                env=command_env,
                stdout=log,
                stderr=subprocess.STDOUT,
                timeout=120,
                check=False,
            )
        assert done.returncode == 0, (logs / f"{name}.log").read_text()
    target.unlink()  # a backup is not a log
    return player.user_id


def read_lines(paths: list[Path]) -> list[dict]:
    """Every line of these files, each a JSON object (an assertion names a line that is not)."""
    lines = []
    for path in paths:
        for number, text in enumerate(path.read_text().splitlines(), start=1):
            try:
                line = json.loads(text)
            except json.JSONDecodeError:
                raise AssertionError(f"{path.name}:{number} is not a JSON line: {text[:300]}") from None
            assert isinstance(line, dict), f"{path.name}:{number}: {text[:300]}"
            lines.append(line)
    return lines


def check_logs(run: Run, player_id: int, every_log: list[Path], bank_logs: list[Path]) -> None:
    written = {path.name: path.read_text() for path in every_log}
    for secret in run.secrets:
        for name, text in written.items():
            if secret in text:  # said without repeating the secret
                around = text[max(0, text.find(secret) - 300) :][:600].replace(secret, "<THE SECRET>")
                raise AssertionError(f"{name} keeps a secret: {around}")

    lines = read_lines(bank_logs)
    finished = {line["request_id"]: line for line in lines if line.get("event") == "request_finished"}
    for request_id, (call, status) in run.answered.items():
        line = finished.get(request_id)
        assert line is not None, f"no request_finished line for {call} ({request_id})"
        assert line.keys() >= REQUEST_FIELDS, line
        assert line["status"] == status, line
        assert isinstance(line["duration_ms"], (int, float)) and line["duration_ms"] >= 0, line
        assert line["timestamp"] and line["level"] and line["logger"], line
    by_call = {call: finished[request_id] for request_id, (call, _) in run.answered.items()}
    # the route is the URL pattern, not the address; the user is the id of whoever called
    approve = next(line for call, line in by_call.items() if call.startswith("PUT /api/admin/withdrawal-requests/"))
    assert approve["route"] == "/api/admin/withdrawal-requests/<int:pk>/approve", approve
    assert by_call["GET /api/me"]["user_id"] == player_id
    assert by_call["GET /api/me"]["route"] == "/api/me"
    assert by_call["POST /api/login"]["user_id"] is None  # the sign-in itself: nobody is signed in yet
    refused = by_call["GET /api/me/bank-data"]
    assert refused["status"] == 400 and f"access_token={REDACTED}" in refused["request"], refused
    # the run did write what might have leaked: the failed send, the socket, the restore
    events = [line["event"] for line in lines]
    assert any("Discord message" in event and "failed" in event for event in events), events
    assert "socket_connected" in events, events


def test_one_server_process_logs_no_secret(tmp_path):
    run = Run()
    with fake_discord(["fail"], webhook_token=run.webhook_token) as discord:
        env = env_for_test_database(**run.env(discord.url), BANK_BACKGROUND_IN_SERVER="true")
        command_env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"} | env
        server_log = tmp_path / "server.log"
        with asgi_server(env, log_path=server_log) as base_url:
            player_id = use_every_secret(run, base_url, discord, command_env, tmp_path)
    logs = sorted(tmp_path.glob("*.log"))
    check_logs(run, player_id, every_log=logs, bank_logs=[server_log])


@pytest.mark.servers
@needs_postgresql_and_redis
def test_the_production_layout_logs_no_secret(tmp_path):
    run = Run()
    with fake_discord(["fail"], webhook_token=run.webhook_token) as discord:
        env = run.env(discord.url)
        command_env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
        command_env |= env_for_test_database() | env
        with production_layout(**env) as layout:
            player_id = use_every_secret(run, layout.base_url, discord, command_env, tmp_path)
            time.sleep(1.5)  # nginx writes its access log every second
    logs = sorted([*layout.run_dir.glob("*.log"), *tmp_path.glob("*.log")])
    # the bank's own logs and the proxy's access log are JSON lines; supervisor's and nginx's error
    # log are theirs (read for secrets all the same)
    bank_logs = [path for path in logs if path.name.startswith(("http", "sockets", "tasks", "nginx-access"))]
    check_logs(run, player_id, every_log=logs, bank_logs=bank_logs)
