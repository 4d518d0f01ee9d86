"""Start real ASGI server processes (daphne) for tests that need several of them."""

import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# tests of several server processes sharing one PostgreSQL and one Redis, as in production
needs_postgresql_and_redis = pytest.mark.skipif(
    not (os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get("REDIS_URL")),
    reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL; .ci/run sets both",
)


def production_settings_start(env: dict[str, str | None]) -> subprocess.CompletedProcess:
    """Load config.settings.production as a server process does (django.setup(), then "started" on
    stdout), with these variables over the test run's own; a value of None unsets that variable. The
    production secrets and settings module are never inherited from the test run."""
    inherited = {"DJANGO_SECRET_KEY", "BANK_BACKUP_KEY", "DJANGO_SETTINGS_MODULE", "PYTEST_CURRENT_TEST"}
    full_env = {k: v for k, v in os.environ.items() if k not in inherited}
    full_env |= {"DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_ALLOWED_HOSTS": "bank.example.com"}
    full_env |= {k: v for k, v in env.items() if v is not None}
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('started')"],
        check=False,
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def free_port(address: str = "127.0.0.1") -> int:
    with socket.socket() as sock:
        sock.bind((address, 0))
        return sock.getsockname()[1]


def wait_until_healthy(base_url: str, process: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server at {base_url} exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"{base_url}/api/health", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    raise RuntimeError(f"server at {base_url} did not become healthy in {timeout} s")


def env_for_test_database(**extra: str) -> dict[str, str]:
    """Environment for a server process that uses the test run's own database."""
    from django.db import connection

    settings = connection.settings_dict
    if settings["ENGINE"] == "bank.sqlite":
        database_url = f"sqlite:///{settings['NAME']}"
    else:
        database_url = f"postgres://{settings['USER']}@{settings['HOST']}:{settings['PORT'] or 5432}/{settings['NAME']}"
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.test",  # the factories' password hasher
        "DATABASE_URL": database_url,
    }
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = os.environ["REDIS_URL"]
    return env | extra


@contextmanager
def asgi_server(env: dict[str, str], *, log_path: Path | None = None):
    """Yield the base URL of a daphne process serving config.asgi with these environment variables
    (started as `make run` starts it, `python -m config.server`); its output goes to `log_path` if given.
    When the test has moved its clock (conftest.py, bank_clock), the server runs on the same clock
    (testkit/travelled.py)."""
    from testkit.travelled import CLOCK_SHIFT_VARIABLE, clock_shift

    port = free_port()
    full_env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_CURRENT_TEST"}} | env
    output = log_path.open("w") if log_path is not None else None
    server = ["config.server", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]
    shift = clock_shift()
    if shift:
        server = ["testkit.travelled", *server]
        full_env[CLOCK_SHIFT_VARIABLE] = repr(shift)
    process = subprocess.Popen(
        [sys.executable, "-m", *server],
        cwd=ROOT,
        env=full_env | {"PYTHONUNBUFFERED": "1"},
        stdout=output or subprocess.DEVNULL,
        # nothing reads a pipe: a server that logged more than a pipe holds would stop
        stderr=subprocess.STDOUT if output else subprocess.DEVNULL,
    )
    if output is not None:
        output.close()  # the process has its own copy
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_healthy(base_url, process)
        yield base_url
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def call(
    base_url: str,
    method: str,
    path: str,
    body: dict | None = None,
    token: str | None = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base_url}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else {}
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else {}


def fire_together(
    base_urls: list[str],
    method: str,
    path: str | Callable[[int], str],
    token: str,
    body: dict | None = None,
    *,
    requests: int = 20,
    headers: dict[str, str] | None = None,
    answers: list[dict] | None = None,
) -> list[int]:
    """Send `requests` calls at once, spread over the servers (request i to server i mod n), each to
    `path` or to `path(i)`; answers the statuses (and fills `answers` with the bodies, if given)."""
    barrier = threading.Barrier(requests)
    statuses: list[int] = []
    lock = threading.Lock()

    def one(index: int) -> None:
        barrier.wait(timeout=30)
        target = path(index) if callable(path) else path
        status, answer = call(base_urls[index % len(base_urls)], method, target, body, token=token, headers=headers)
        with lock:
            statuses.append(status)
            if answers is not None:
                answers.append(answer)

    threads = [threading.Thread(target=one, args=(index,)) for index in range(requests)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return statuses
