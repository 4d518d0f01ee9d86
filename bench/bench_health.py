"""Benchmark of the bank's health over time and the arrears (issue 35), on SQLite or PostgreSQL.

    cd /work/main && .venv/bin/python bench/bench_health.py                       # both, as `make bench` runs it
    cd /work/main && .venv/bin/python bench/bench_health.py --database sqlite     # a scratch SQLite file
    cd /work/main && .venv/bin/python bench/bench_health.py --database postgres   # guild_bench_health
        [--players 10000] [--loans 20000] [--payments 1000000] [--days 365] [--runs 20]

The bank is the project's generator's (`bench/generate.py`): 10,000 players, 20,000 loans with 1,000,000 day
entries, made on a fresh database (SQLITE_PATH, default /tmp/bench-health.sqlite3; on PostgreSQL the
database `guild_bench_health` on BENCH_POSTGRES, dropped and made again). The generator records its loans now
and writes no ledger, so the script gives the bank a year of books: each loan lent on its start day (its
`created_at`, a `loan_disbursed` entry), every Paid day entry a `loan_day_paid` entry at noon of its day,
a paid-off loan closed on its last day, and an opening entry `--days` days back (the books' first day); on PostgreSQL, VACUUM ANALYZE after,
as autovacuum would.

Timed, in-process (no HTTP server; DRF's APIClient with an officer's Bearer token, as the bank's views run):
- the backfill of the year: `bank_health.figures_write` on an empty DailyFigures (every day since the books'
  first day), once;
- the daily job: `jobs._bank_health` (every loan's arrears bucket of today and its reminders, the bank's bad
  payers when on, yesterday's figures, the weekly digest), with yesterday's row deleted first, so that it
  writes a day's figures and brings the history of every loan up to today: the first run opens a stay for
  every loan in arrears (the heaviest), timed once; then one more run as the next morning would (one day);
- Bank Health's 365 days (`GET /api/admin/bank-health?days=365`) and the Arrears list's first page
  (`GET /api/admin/arrears`), `--runs` times after a warm-up: p50 and p95, with their query counts.

Goals (issue 35): the daily job under 10 s, the backfill of a year under 60 s, both reads under 300 ms p95.
Writes bench/results/health-<database>.json (and, for both, health.json); exits 1 when a goal is missed.
"""

import argparse
import json
import os
import platform
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project is importable

from bench.measure import fresh_sqlite_file, summary, timed  # noqa: E402

RESULTS_DIR = ROOT / "bench" / "results"
POSTGRES = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
SCRATCH_POSTGRES = "guild_bench_health"
GOALS = {"daily_job_s": 10.0, "backfill_s": 60.0, "bank_health_p95_ms": 300.0, "arrears_p95_ms": 300.0}


def _database(kind: str) -> None:
    if kind == "sqlite":
        os.environ.pop("DATABASE_URL", None)
        fresh_sqlite_file(default="/tmp/bench-health.sqlite3", script="bench_health.py")
        return
    import psycopg

    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{SCRATCH_POSTGRES}"')
        admin.execute(f'CREATE DATABASE "{SCRATCH_POSTGRES}"')
    os.environ["DATABASE_URL"] = f"{POSTGRES}/{SCRATCH_POSTGRES}"


def _books(*, days: int) -> dict:
    """A year of books for the generated loans (the module's docstring), written by the database."""
    from django.db import connection, transaction
    from django.utils import timezone

    from bank import clock

    today = clock.today()
    first = today - timedelta(days=days)
    vendor = connection.vendor
    if vendor == "postgresql":
        noon = "((p.date + time '12:00') AT TIME ZONE 'UTC')"
        start_noon = "((l.start_date + time '09:00') AT TIME ZONE 'UTC')"
        end_noon = "((l.end_date + time '18:00') AT TIME ZONE 'UTC')"
    else:
        noon = "(p.date || ' 12:00:00')"
        start_noon = "(l.start_date || ' 09:00:00')"
        end_noon = "(l.end_date || ' 18:00:00')"
    columns = (
        "created_at, amount, from_account, from_id, to_account, to_id, reason, player_id, cause_type, cause_id,"
        " actor_id, notes"
    )
    with transaction.atomic(), connection.cursor() as cursor:
        # lent on its start day; a paid-off loan closed at the end of its last day
        cursor.execute(f"UPDATE lending_loan SET created_at = {start_noon.replace('l.', '')}")
        cursor.execute(f"UPDATE lending_loan SET paid_off_at = {end_noon.replace('l.', '')} WHERE status = 'Paid-Off'")
        cursor.execute(
            f"INSERT INTO bank_ledgerentry ({columns}) VALUES (%s, 1000000000, 'bank', NULL, 'bank', NULL,"
            " 'opening', NULL, '', NULL, NULL, 'bench: the books begin')",
            [timezone.make_aware(datetime.combine(first, datetime.min.time().replace(hour=1)))],
        )
        cursor.execute(
            f"INSERT INTO bank_ledgerentry ({columns}) SELECT {start_noon}, l.value, 'bank', NULL, 'player',"
            " l.player_id, 'loan_disbursed', l.player_id, 'loan', l.id, NULL, '' FROM lending_loan l"
            " WHERE l.start_date >= %s",
            [first],
        )
        cursor.execute(
            f"INSERT INTO bank_ledgerentry ({columns}) SELECT {noon}, p.value, 'player', l.player_id, 'loan', l.id,"
            " 'loan_day_paid', l.player_id, 'loanpayment', p.id, NULL, '' FROM lending_loanpayment p"
            " JOIN lending_loan l ON l.id = p.loan_id WHERE p.status = 'Paid' AND p.value > 0 AND p.date >= %s",
            [first],
        )
        cursor.execute("SELECT COUNT(*) FROM bank_ledgerentry")
        (entries,) = cursor.fetchone()
    if vendor == "postgresql":  # what autovacuum does after bulk writes: statistics, and the visibility map
        with connection.cursor() as cursor:  # that lets the Paid sums read the covering index alone
            cursor.execute("VACUUM ANALYZE")
    return {"first_day": first.isoformat(), "today": today.isoformat(), "ledger_entries": entries}


def _both(argv: list[str]) -> int:
    """Each database in a process of its own (Django is set up once a process), then bench/results/health.json
    with both and the goals missed (`make bench` reads it)."""
    import subprocess

    rest = [arg for arg in argv if not arg.startswith("--database")]
    codes = {}
    for database in ("sqlite", "postgres"):
        command = [sys.executable, str(Path(__file__).resolve()), "--database", database, *rest]
        codes[database] = subprocess.run(command, check=False).returncode
    both: dict = {"problems": []}
    for database, code in codes.items():
        path = RESULTS_DIR / f"health-{database}.json"
        if code not in (0, 1) or not path.exists():
            both["problems"].append(f"{database}: the run failed (exit {code})")
            continue
        both[database] = json.loads(path.read_text())
        both["problems"] += [f"{database}: {goal} missed" for goal in both[database]["missed"]]
    (RESULTS_DIR / "health.json").write_text(json.dumps(both, indent=2, default=str))
    return 1 if both["problems"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--database", choices=("both", "sqlite", "postgres"), default="both", help="both: one process for each"
    )
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--loans", type=int, default=20_000)
    parser.add_argument("--payments", type=int, default=1_000_000)
    parser.add_argument("--days", type=int, default=365, help="the books' first day: this many days back")
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    if args.database == "both":
        return _both(argv or sys.argv[1:])

    _database(args.database)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
    import django

    django.setup()
    import logging

    logging.getLogger("django_structlog").setLevel(logging.WARNING)  # no line per request
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from accounts.models import User
    from accounts.tests.factories import AdminFactory
    from accounts.tokens import token_issue
    from bank import clock
    from bench.generate import fast_sqlite_writes, loans_create, players_create
    from operations import bank_health, jobs
    from operations.models import DailyFigures

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    with fast_sqlite_writes():
        player_ids = players_create(count=args.players)
        loan_set = loans_create(player_ids, loans=args.loans, payments=args.payments)
        books = _books(days=args.days)
    generated_s = time.perf_counter() - started
    print(
        f"generated {args.players:,} players, {loan_set.loans:,} loans, {loan_set.payments:,} day entries, "
        f"{books['ledger_entries']:,} ledger entries in {generated_s:.1f} s",
        flush=True,
    )

    figures: dict = {"database": args.database, "generated_s": round(generated_s, 1), **books}

    # the backfill of the year: every day since the books' first day, on an empty table
    started = time.perf_counter()
    written = bank_health.figures_write()
    figures["backfill_s"] = round(time.perf_counter() - started, 2)
    figures["backfill_days"] = len(written)
    print(f"backfill: {len(written)} days in {figures['backfill_s']} s", flush=True)

    # the daily job: yesterday's row again, and the first history run of every loan (the heaviest)
    DailyFigures.objects.filter(day=clock.today() - timedelta(days=1)).delete()
    started = time.perf_counter()
    outcome = jobs._bank_health()
    figures["daily_job_s"] = round(time.perf_counter() - started, 2)
    figures["daily_job_outcome"] = outcome
    DailyFigures.objects.filter(day=clock.today() - timedelta(days=1)).delete()
    started = time.perf_counter()
    jobs._bank_health()
    figures["daily_job_again_s"] = round(time.perf_counter() - started, 2)
    print(f"daily job: {figures['daily_job_s']} s ({outcome}); again {figures['daily_job_again_s']} s", flush=True)

    AdminFactory(username="bench-health")
    officer = User.objects.get(username="bench-health")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=officer).access_token}")
    for name, path in (("bank_health", "/api/admin/bank-health?days=365"), ("arrears", "/api/admin/arrears")):

        def call(path=path):
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code, response.content[:300])
            return response

        samples, response = timed(call, args.runs)
        with CaptureQueriesContext(connection) as queries:
            call()
        figures[name] = summary(samples, queries=len(queries), bytes=len(response.content))
        print(
            f"{path}: p50 {figures[name]['p50_ms']} ms, p95 {figures[name]['p95_ms']} ms, {len(queries)} queries",
            flush=True,
        )

    figures["goals"] = GOALS
    missed = [
        goal
        for goal, limit in GOALS.items()
        if (figures[goal.removesuffix("_p95_ms")]["p95_ms"] if goal.endswith("_p95_ms") else figures[goal]) >= limit
    ]
    figures["missed"] = missed
    figures["machine"] = {"platform": platform.platform(), "cpus": os.cpu_count(), "load": os.getloadavg()}
    figures["at"] = datetime.now(UTC).isoformat(timespec="seconds")
    RESULTS_DIR.mkdir(exist_ok=True)
    (RESULTS_DIR / f"health-{args.database}.json").write_text(json.dumps(figures, indent=2, default=str))
    print("missed: " + (", ".join(missed) if missed else "none"))
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
