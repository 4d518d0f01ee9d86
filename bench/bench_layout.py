"""The production layout's throughput: one and two server processes on PostgreSQL and Redis.

    cd /work/main && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/bench_layout.py [--seconds 10] [--runs 3] [--connections 32]

It makes a scratch PostgreSQL database (`guild_bench_layout`, dropped first; DATABASE_URL only says
where the server is) and uses Redis database 10, with the typical player of bench_http.py (two loans
with a few marked days, a savings account with recorded weeks, a loan request). Then, for 1 and then
2 server processes, it starts the layout `make serve` starts (deploy/serve: supervisor, daphne
processes sharing one port, the task worker, production settings, the connection pool) and measures
with wrk through that one port the requests a second of the typical player's GET /api/me/bank-data
(best of `runs`), while it counts the layout's database connections every 100 ms.

Goal (issue 19): two processes reach at least 1.6 times the throughput of one. On a machine of two
CPUs the load generator (wrk), PostgreSQL and the servers share them, and the figure says so.
It writes bench/results/layout.json and exits 1 when the goal is missed or a connection count
passed its bound ((processes + the task worker) x BANK_DB_POOL_MAX).
"""

import argparse
import json
import os
import platform
import re
import secrets
import shutil
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

RESULTS = ROOT / "bench" / "results" / "layout.json"
SCRATCH_DB = "guild_bench_layout"
REDIS_DB = 10
POOL_MAX = 10  # BANK_DB_POOL_MAX's default
GOALS = {"two_over_one": 1.6}


def _scratch_urls() -> tuple[str, str]:
    database_url, redis_url = os.environ.get("DATABASE_URL", ""), os.environ.get("REDIS_URL", "")
    if not database_url.startswith("postgres") or not redis_url:
        sys.exit("bench_layout.py needs DATABASE_URL (a PostgreSQL server) and REDIS_URL (a Redis server)")
    import psycopg
    import redis

    parts = urlsplit(database_url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{SCRATCH_DB}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{SCRATCH_DB}"')
    scratch_redis = urlunsplit(urlsplit(redis_url)._replace(path=f"/{REDIS_DB}"))
    redis.Redis.from_url(scratch_redis).flushdb()
    return urlunsplit(parts._replace(path=f"/{SCRATCH_DB}")), scratch_redis


def _wrk(url: str, token: str, seconds: int, connections: int) -> float:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s"]
    command += ["-H", f"Authorization: Bearer {token}", url]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors:
        raise RuntimeError(f"wrk saw {errors.group(1)} failed answers from {url}:\n{output}")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", output).group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("bench_layout.py needs wrk: apt-get install wrk (make bench installs it)")

    database_url, redis_url = _scratch_urls()
    secret = secrets.token_urlsafe(64)
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "bank.settings.local",
            "DJANGO_SECRET_KEY": secret,  # the servers check the tokens this process signs
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "BANK_SESSION_SECONDS": "3600",
        }
    )
    from bench.generate import setup_django

    setup_django()
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.tests.factories import PlayerFactory
    from accounts.tokens import token_issue
    from bank.core.testing.layout import ConnectionSampler, production_layout
    from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory, SavingsFactory

    call_command("migrate", interactive=False, verbosity=0)
    today = timezone.localdate()
    typical = PlayerFactory(credit_score=120)
    for _ in range(2):
        loan = LoanFactory(player=typical, start_date=today - timedelta(days=5))
        for day in range(4):
            LoanPaymentFactory(loan=loan, date=loan.start_date + timedelta(days=day))
    SavingsFactory(player=typical, weeks=2)
    PendingLoanFactory(player=typical)
    token = token_issue(user=typical.user).access_token

    figures = {}
    for workers in (1, 2):
        env = {"DJANGO_SECRET_KEY": secret, "BANK_SESSION_SECONDS": "3600", "LOG_LEVEL": "WARNING"}
        with (
            production_layout(workers=workers, pool_max=POOL_MAX, REDIS_URL=redis_url, **env) as layout,
            ConnectionSampler() as sampler,
        ):
            url = f"{layout.base_url}/api/me/bank-data"
            _wrk(url, token, 2, args.connections)  # warm-up: every process, its pool and caches
            rates = [_wrk(url, token, args.seconds, args.connections) for _ in range(args.runs)]
        figures[workers] = {
            "bank_data_rps": round(max(rates), 1),
            "all_rps": rates,
            "connections_peak": sampler.peak,
            "connections_bound": layout.connection_bound,
        }
        print(f"{workers} process(es): {max(rates):.1f} req/s, connections peak {sampler.peak}", flush=True)

    ratio = figures[2]["bank_data_rps"] / figures[1]["bank_data_rps"]
    result = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "load_note": (
            f"wrk (2 threads, {args.connections} connections), PostgreSQL, Redis and the servers share "
            f"the machine's {os.cpu_count()} CPUs"
        ),
        "wrk": f"2 threads, {args.connections} connections, {args.seconds} s, best of {args.runs}",
        "one_process": figures[1],
        "two_processes": figures[2],
        "two_over_one": round(ratio, 2),
    }
    problems = []
    if ratio < GOALS["two_over_one"]:
        problems.append(f"two processes reach {ratio:.2f} times one, the goal is {GOALS['two_over_one']}")
    for workers, figure in figures.items():
        if figure["connections_peak"] > figure["connections_bound"]:
            problems.append(
                f"{workers} process(es) held {figure['connections_peak']} connections, "
                f"over the bound {figure['connections_bound']}"
            )
    result["problems"] = problems
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
