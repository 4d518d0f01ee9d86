"""What the benches of the production layout share (bench_layout.py, bench_writes.py, bench_live.py,
bench_profile.py): a scratch PostgreSQL database and Redis database, the environment of the bench
process, percentiles, a keep-alive HTTP client, and the written result."""

import http.client
import json
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit


def scratch_urls(script: str, database: str, redis_db: int) -> tuple[str, str]:
    """Drop and create `database` on DATABASE_URL's server, flush Redis database `redis_db` on
    REDIS_URL's server; answer their URLs. DATABASE_URL only says where the server is."""
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database_url.startswith("postgres") or not redis_url:
        sys.exit(f"{script} needs DATABASE_URL (a PostgreSQL server) and REDIS_URL (a Redis server)")
    import psycopg
    import redis

    parts = urlsplit(database_url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{database}"')
    scratch_redis = urlunsplit(urlsplit(redis_url)._replace(path=f"/{redis_db}"))
    redis.Redis.from_url(scratch_redis).flushdb()
    return urlunsplit(parts._replace(path=f"/{database}")), scratch_redis


def bench_environment(database_url: str, redis_url: str, secret: str) -> None:
    """This process's settings: the scratch databases, and the secret the layout's servers share (they
    check the tokens this process signs)."""
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": secret,
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "BANK_SESSION_SECONDS": "3600",
            "LOG_LEVEL": "WARNING",
        }
    )


def results_written(path: Path, result: dict, problems: list[str]) -> int:
    """Write a bench's result (its problems included) to `path`, print it, and answer its exit status:
    1 when a goal was missed."""
    result["problems"] = problems
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 1 if problems else 0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[round(share * 100) - 1]


def production_hash(password: str) -> str:
    """A hash the production settings read, with few iterations: a sign-in costs little (as
    operations/tests/test_production_layout.py's)."""
    from django.contrib.auth.hashers import PBKDF2PasswordHasher

    return PBKDF2PasswordHasher().encode(password, PBKDF2PasswordHasher().salt(), iterations=1_000)


class Client:
    """One keep-alive connection to the layout's proxy, as a browser tab keeps one."""

    def __init__(self, base_url: str, timeout: float = 30):
        parts = urlsplit(base_url)
        assert parts.hostname is not None, base_url  # http://host:port
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)

    def call(
        self, method: str, path: str, body: dict | None = None, *, token: str = "", headers: dict | None = None
    ) -> tuple[int, dict, float]:
        """(status, the answer's JSON, seconds from sending to the whole answer read)."""
        data = json.dumps(body).encode() if body is not None else None
        sent = {"Content-Type": "application/json", **(headers or {})}
        if token:
            sent["Authorization"] = f"Bearer {token}"
        started = time.perf_counter()
        try:
            self.connection.request(method, path, body=data, headers=sent)
            response = self.connection.getresponse()
            raw = response.read()
        except (http.client.HTTPException, OSError):
            self.connection.close()  # one more try on a fresh connection (nginx closed an idle one)
            self.connection.request(method, path, body=data, headers=sent)
            response = self.connection.getresponse()
            raw = response.read()
        elapsed = time.perf_counter() - started
        try:
            answer = json.loads(raw) if raw else {}
        except ValueError:
            answer = {"raw": raw[:200].decode(errors="replace")}
        return response.status, answer, elapsed

    def close(self) -> None:
        self.connection.close()
