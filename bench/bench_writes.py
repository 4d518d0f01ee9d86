"""Money moving through the production layout of issue 31: 8 clients writing at once through nginx.

    cd /work/main && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/bench_writes.py [--seconds 30] [--clients 8]

It makes a scratch PostgreSQL database (`guild_bench_writes`, dropped first; DATABASE_URL only says
where the server is) and uses Redis database 11, with one player per client (Gold credit, a savings
account of 1,000,000) and one officer; the bank's four-eyes threshold is set above every amount, so
that one officer decides everything (as operations/tests/test_production_layout.py does). It starts the
layout deploy/serve starts (nginx -> 2 gunicorn sync workers, 1 daphne process for the sockets, 1 task
worker; production settings, the connection pool), signs everyone in before the clock starts (no
sign-in inside the measured window), and then, for `seconds`, each client goes round the bank's
money-moving requests, each on its own keep-alive connection to nginx:

    player:  POST /api/pending-loans                          (a loan request, 10,000 for 14 days)
    officer: PUT  /api/pending-loans/<id>/approve             (the loan is made)
    officer: POST /api/loans/<id>/payment?payment_status=Paid (today marked paid)
    player:  POST /api/withdrawal-requests                    (1,000 out of the savings, tomorrow)
    officer: PUT  /api/admin/withdrawal-requests/<id>/approve
    player:  POST /api/pearl-exchange-requests                (10 pearls sold for cash)
    officer: PUT  /api/admin/pearl-exchange-requests/<id>/approve

Every write carries an Idempotency-Key. Afterwards it runs `manage.py reconcile` on the scratch
database: the books must balance.

Goals (issue 31): at least 100 answered (2xx) writes a second, p95 of a write at most 150 ms, no 5xx
at all, the books balanced. On a machine of two CPUs the clients, PostgreSQL, Redis, nginx and the
servers share them, and the figures say so. It writes bench/results/writes.json and exits 1 when a
goal is missed.
"""

import argparse
import json
import os
import platform
import secrets
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.layout_tools import (  # noqa: E402
    Client,
    bench_environment,
    percentile,
    production_hash,
    results_written,
    scratch_urls,
)

RESULTS = ROOT / "bench" / "results" / "writes.json"
SCRATCH_DB = "guild_bench_writes"
REDIS_DB = 11
POOL_MAX = 4
PASSWORD = "bench-writes-2025"
GOALS = {"writes_per_s": 100.0, "p95_ms": 150.0}


class Tally:
    """Every write's kind, status and latency, from every client thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.answers: list[tuple[str, int, float, float]] = []  # kind, status, seconds, finished at
        self.failures: Counter = Counter()
        self.examples: dict[tuple[str, int], str] = {}

    def add(self, kind: str, status: int, seconds: float, answer: dict) -> None:
        with self.lock:
            self.answers.append((kind, status, seconds, time.monotonic()))
            if not 200 <= status < 300:
                self.failures[(kind, status)] += 1
                self.examples.setdefault((kind, status), json.dumps(answer)[:300])


def _round(base: str, player_token: str, officer_token: str, tally: Tally, until: float, tomorrow: str) -> None:
    """One client: the player's requests and the officer's decisions on them, round and round."""
    player, officer = Client(base), Client(base)

    def write(client: Client, kind: str, method: str, path: str, body: dict | None, token: str) -> dict | None:
        status, answer, seconds = client.call(
            method, path, body, token=token, headers={"Idempotency-Key": uuid.uuid4().hex}
        )
        tally.add(kind, status, seconds, answer)
        return answer if 200 <= status < 300 else None

    try:
        while time.monotonic() < until:
            request = write(
                player, "loan request", "POST", "/api/pending-loans", {"value": 10_000, "total_days": 14}, player_token
            )
            if request:
                approved = write(
                    officer, "loan approval", "PUT", f"/api/pending-loans/{request['id']}/approve", None, officer_token
                )
                if approved:
                    path = f"/api/loans/{approved['loan']['id']}/payment?payment_status=Paid"
                    write(officer, "loan day marked", "POST", path, None, officer_token)
            body = {"amount": 1_000, "withdrawal_date": tomorrow, "withdrawal_time": "18:30", "player_timezone": 1}
            withdrawal = write(player, "withdrawal request", "POST", "/api/withdrawal-requests", body, player_token)
            if withdrawal:
                path = f"/api/admin/withdrawal-requests/{withdrawal['id']}/approve"
                write(officer, "withdrawal approval", "PUT", path, None, officer_token)
            body = {"exchange_type": "sell", "pearls_amount": 10, "savings_option": "cashout"}
            exchange = write(player, "exchange request", "POST", "/api/pearl-exchange-requests", body, player_token)
            if exchange:
                path = f"/api/admin/pearl-exchange-requests/{exchange['id']}/approve"
                write(officer, "exchange approval", "PUT", path, None, officer_token)
    finally:
        player.close()
        officer.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=30)
    parser.add_argument("--clients", type=int, default=8)
    args = parser.parse_args(argv)

    database_url, redis_url = scratch_urls("bench_writes.py", SCRATCH_DB, REDIS_DB)
    secret = secrets.token_urlsafe(64)
    bench_environment(database_url, redis_url, secret)
    from bench.generate import setup_django

    setup_django()
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import User
    from accounts.tests.factories import AdminFactory, PlayerFactory, made
    from bank.models import BankSettings
    from lending.tests.factories import SavingsFactory
    from testkit.layout import ConnectionSampler, production_layout

    call_command("migrate", interactive=False, verbosity=0)
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 1_000_000_000})
    players = [made(PlayerFactory, credit_score=300) for _ in range(args.clients)]
    for player in players:
        SavingsFactory(player=player)
    officer = made(AdminFactory)
    User.objects.filter(pk__in=[officer.pk, *(player.user_id for player in players)]).update(
        password=production_hash(PASSWORD)
    )
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()

    tally = Tally()
    with (
        production_layout(
            http_workers=2,
            socket_workers=1,
            pool_max=POOL_MAX,
            REDIS_URL=redis_url,
            DJANGO_SECRET_KEY=secret,
            BANK_SESSION_SECONDS="3600",
            LOG_LEVEL="WARNING",
        ) as layout,
        ConnectionSampler() as sampler,
    ):
        base = layout.base_url
        signer = Client(base)

        def sign_in(username: str) -> str:
            status, answer, _ = signer.call("POST", "/api/login", {"username": username, "password": PASSWORD})
            if status != 200:
                raise RuntimeError(f"{username}'s sign-in answered {status}: {answer}")
            return answer["access_token"]

        officer_token = sign_in(officer.username)
        player_tokens = [sign_in(player.name) for player in players]
        signer.close()
        # warm-up: every worker's first requests (imports, the pool's connections) out of the clock
        warm = Tally()
        warm_until = time.monotonic() + 3
        threads = [
            threading.Thread(target=_round, args=(base, token, officer_token, warm, warm_until, tomorrow))
            for token in player_tokens
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        started = time.monotonic()
        until = started + args.seconds
        threads = [
            threading.Thread(target=_round, args=(base, token, officer_token, tally, until, tomorrow))
            for token in player_tokens
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - started
        logs = layout.logs()

    reconcile = subprocess.run(
        [sys.executable, "manage.py", "reconcile"],
        cwd=ROOT,
        env=dict(os.environ),
        capture_output=True,
        text=True,
        check=False,
    )
    answers = tally.answers
    done = [seconds * 1000 for _, status, seconds, _ in answers if 200 <= status < 300]
    every = [seconds * 1000 for _, _, seconds, _ in answers]
    by_kind = {
        kind: {
            "2xx": sum(1 for k, status, _, _ in answers if k == kind and 200 <= status < 300),
            "p95_ms": round(percentile([s * 1000 for k, _, s, _ in answers if k == kind], 0.95), 1),
        }
        for kind in sorted({kind for kind, _, _, _ in answers})
    }
    server_errors = sum(1 for _, status, _, _ in answers if status >= 500)
    result = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "load_average_at_end": [round(value, 1) for value in os.getloadavg()],
        "load_note": (
            f"the {args.clients} client threads, PostgreSQL, Redis, nginx and the servers share the machine's "
            f"{os.cpu_count()} CPUs"
        ),
        "layout": "nginx -> 2 gunicorn sync workers (1 daphne process, 1 task worker), pool max 4",
        "clients": args.clients,
        "seconds": round(elapsed, 1),
        "writes": len(answers),
        "writes_2xx": len(done),
        "writes_per_s": round(len(done) / elapsed, 1),
        "p50_ms": round(statistics.median(every), 1) if every else None,
        "p95_ms": round(percentile(every, 0.95), 1) if every else None,
        "by_kind": by_kind,
        "not_2xx": {f"{kind} {status}": count for (kind, status), count in tally.failures.items()},
        "not_2xx_examples": {f"{kind} {status}": text for (kind, status), text in tally.examples.items()},
        "server_errors": server_errors,
        "reconcile": (reconcile.stdout + reconcile.stderr).strip()[-600:],
        "reconcile_clean": reconcile.returncode == 0,
        "database_connections_peak": sampler.peak,
        "database_connections_bound": layout.connection_bound,
    }
    problems = []
    if result["writes_per_s"] < GOALS["writes_per_s"]:
        problems.append(f"{result['writes_per_s']} writes/s, the goal is at least {GOALS['writes_per_s']:.0f}")
    if result["p95_ms"] is None or result["p95_ms"] > GOALS["p95_ms"]:
        problems.append(f"a write's p95 is {result['p95_ms']} ms, the goal is at most {GOALS['p95_ms']:.0f} ms")
    if server_errors:
        problems.append(f"{server_errors} writes answered 5xx")
        print(logs[-6000:])
    if not result["reconcile_clean"]:
        problems.append(f"the books do not balance after the run: {result['reconcile']}")
    if sampler.peak > layout.connection_bound:
        problems.append(
            f"the layout held {sampler.peak} database connections, over its bound {layout.connection_bound}"
        )
    return results_written(RESULTS, result, problems)


if __name__ == "__main__":
    sys.exit(main())
