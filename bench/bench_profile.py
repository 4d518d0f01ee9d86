"""Where the time of a request goes: cProfile of the typical player's bank data and of an officer's
approval of a loan request, in-process, with the production settings and middleware, on PostgreSQL.

    cd /work/main && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/bench_profile.py [--requests 200] [--top 15]

It makes a scratch PostgreSQL database (`guild_bench_profile`, dropped first) and uses Redis database
12, with the typical player of bench_layout.py and `requests` loan requests of 100,000 (four for each
borrower) for an officer to approve (the four-eyes threshold above every amount: one officer decides). Through Django's test Client (the
whole WSGI stack: config.settings.production's middleware, DRF, the pool; no nginx, no gunicorn) it
sends each request once to warm up, then `requests` times under cProfile, and lists the top entries by
cumulative time per request. It writes bench/results/profile.json and bench/results/profile.md (the
tables for bench/README.md). There is no goal: it exits 1 only when a request did not answer 200.
"""

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import re
import secrets
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.layout_tools import bench_environment, scratch_urls  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "profile.json"
TABLES = ROOT / "bench" / "results" / "profile.md"
SCRATCH_DB = "guild_bench_profile"
REDIS_DB = 12


def _where(key: tuple[str, int, str]) -> str:
    """A short name for a profile entry: the path from the package on, the line and the function."""
    filename, line, function = key
    if filename == "~":
        return function  # a built-in
    for marker in ("site-packages/", str(ROOT) + "/"):
        if marker in filename:
            filename = filename.split(marker, 1)[1]
            break
    else:
        filename = re.sub(r"^.*/lib/python3\.\d+/", "", filename)  # the standard library
    return f"{filename}:{line} {function}"


def _profiled(call, requests: int, top: int, dump: Path | None = None) -> dict:
    call()  # warm-up: the first request's imports and connection
    profile = cProfile.Profile()
    started = time.perf_counter()
    profile.enable()
    for index in range(requests):
        call(index)
    profile.disable()
    if dump is not None:
        profile.dump_stats(dump)  # for `python -m pstats` (callers, callees)
    wall_ms = (time.perf_counter() - started) * 1000 / requests
    # each function's (primitive calls, calls, own time, cumulative time, callers): set by Stats but
    # not declared in typeshed
    by_function = pstats.Stats(profile, stream=io.StringIO()).stats  # type: ignore[attr-defined]
    rows = sorted(by_function.items(), key=lambda item: item[1][3], reverse=True)  # cumulative time
    total = max(entry[3] for _, entry in rows)
    table = [
        {
            "where": _where(key),
            "cumulative_ms": round(cumulative * 1000 / requests, 2),
            "share": round(cumulative / total, 3),
            "calls_per_request": round(calls / requests, 1),
        }
        for key, (_, calls, _, cumulative, _) in rows
        if not _plumbing(_where(key))
    ][:top]
    own = sorted(by_function.items(), key=lambda item: item[1][2], reverse=True)  # own time
    own_table = [
        {"where": _where(key), "own_ms": round(own_time * 1000 / requests, 2), "share": round(own_time / total, 3)}
        for key, (_, _, own_time, _, _) in own[:top]
    ]
    return {
        "requests": requests,
        "wall_ms_per_request_profiled": round(wall_ms, 2),
        "top": table,
        "top_own_time": own_table,
    }


# what every request passes through and that only hands it on: the test client, Django's handler,
# each middleware's __call__ (their own work shows in the entries below them)
PLUMBING = ("bench/", "{", "<", "django/test/", "django/core/handlers/", "django/utils/deprecation.py")


def _plumbing(where: str) -> bool:
    return where.startswith(PLUMBING) or ("middleware" in where and where.endswith(" __call__"))


def _markdown(name: str, figures: dict) -> str:
    lines = [
        f"**{name}** ({figures['requests']} requests, {figures['wall_ms_per_request_profiled']} ms each "
        "under the profiler)",
        "",
        "| where (cumulative, by time) | ms / request | share | calls / request |",
        "|---|---|---|---|",
    ]
    lines += [
        f"| `{row['where']}` | {row['cumulative_ms']} | {row['share']:.0%} | {row['calls_per_request']} |"
        for row in figures["top"]
    ]
    lines += ["", "| where (own time, without callees) | ms / request | share |", "|---|---|---|"]
    lines += [f"| `{row['where']}` | {row['own_ms']} | {row['share']:.0%} |" for row in figures["top_own_time"][:8]]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--dump", type=Path, help="a folder for the raw profiles (bank-data.prof, approval.prof)")
    args = parser.parse_args(argv)

    database_url, redis_url = scratch_urls("bench_profile.py", SCRATCH_DB, REDIS_DB)
    secret = secrets.token_urlsafe(64)
    bench_environment(database_url, redis_url, secret)
    from bench.generate import setup_django, typical_player

    setup_django()  # the local settings, to build the scratch database
    from django.core.management import call_command

    from accounts.tests.factories import AdminFactory, PlayerFactory, made
    from accounts.tokens import token_issue
    from bank.models import BankSettings
    from lending.tests.factories import PendingLoanFactory

    call_command("migrate", interactive=False, verbosity=0)
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 1_000_000_000})
    typical = typical_player()
    # a few requests per borrower, as a day's queue holds: each approval's answer shows the borrower's loans
    borrowers = [PlayerFactory(credit_score=300) for _ in range(max(1, args.requests // 4))]
    pending = [
        made(PendingLoanFactory, player=borrowers[index % len(borrowers)], value=100_000).pk
        for index in range(args.requests + 1)
    ]
    officer = made(AdminFactory)
    player_token = token_issue(user=typical.user).access_token
    officer_token = token_issue(user=officer).access_token

    # the production settings and middleware from here on (the database stays the scratch one)
    from django.conf import settings
    from django.test import Client
    from django.test.utils import override_settings

    from config.settings import production

    production_values = {name: getattr(production, name) for name in dir(production) if name.isupper()}
    production_values |= {
        "DATABASES": settings.DATABASES,
        "SECURE_SSL_REDIRECT": False,
        "ALLOWED_HOSTS": ["testserver"],
        "SECRET_KEY": secret,
    }
    failures: list[str] = []
    # one client per caller, kept: a client loads the middleware once, as a server process does (a new
    # client per request made WhiteNoise scan every static file in each profiled request)
    clients: dict[str, Client] = {}

    def request(method: str, path: str, token: str) -> None:
        client = clients.get(token)
        if client is None:
            client = clients[token] = Client(HTTP_AUTHORIZATION=f"Bearer {token}", HTTP_X_FORWARDED_PROTO="https")
        response = getattr(client, method)(path, content_type="application/json")
        if response.status_code != 200:
            failures.append(f"{method.upper()} {path}: {response.status_code} {response.content[:200]!r}")

    approvals = iter(pending)
    with override_settings(**production_values):
        request("get", "/api/me", player_token)  # each client's middleware loaded before the clock
        request("get", "/api/me", officer_token)
        bank_data = _profiled(
            lambda index=0: request("get", "/api/me/bank-data", player_token),
            args.requests,
            args.top,
            args.dump / "bank-data.prof" if args.dump else None,
        )
        approval = _profiled(
            lambda index=0: request("put", f"/api/pending-loans/{next(approvals)}/approve", officer_token),
            args.requests,
            args.top,
            args.dump / "approval.prof" if args.dump else None,
        )
    result = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "load_average_at_end": [round(value, 1) for value in os.getloadavg()],
        "how": (
            "cProfile, in-process through Django's test Client with config.settings.production's middleware, "
            "PostgreSQL scratch database; cumulative time per request, the profiler's own cost included"
        ),
        "bank_data": bank_data,
        "loan_approval": approval,
        "problems": failures[:5],
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    TABLES.write_text(
        _markdown("A typical player's GET /api/me/bank-data", bank_data)
        + "\n"
        + _markdown("An officer's PUT /api/pending-loans/<id>/approve", approval)
    )
    print(TABLES.read_text())
    print(f"load average {os.getloadavg()[0]:.1f}; {len(failures)} requests did not answer 200 {failures[:3]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
