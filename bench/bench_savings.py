"""Benchmark of the savings overdue run and the savings reads at scale.

    cd /work/main && DJANGO_SETTINGS_MODULE=config.settings.local SQLITE_PATH=/tmp/bench-savings.sqlite3 \\
        .venv/bin/python bench/bench_savings.py [--accounts 10000] [--weeks-behind 4] [--runs 15]

It deletes and migrates the SQLite file SQLITE_PATH (default /tmp/bench-savings.sqlite3; never the
project's db.sqlite3), adds one player and one Active savings account per account asked for, each
started `weeks-behind` weeks and a day ago with no week recorded, then:
1. runs the overdue run once (the admin call's and `manage.py process_overdue_savings`' service),
   timing it and checking it recorded every overdue week; the goal is under 10 s for 10,000
   accounts each 4 weeks behind (40,000 weeks);
2. runs it again: it must find nothing;
3. times, after one warm-up call each, GET /api/admin/savings/check (a page of 50),
   GET /api/admin/savings/client-overview and a player's GET /api/me/bank-data through DRF's
   APIClient, with their SQL query counts.
It prints the figures, writes bench/results/savings.json, and exits 1 when the run misses a week,
the second run changes anything, a query count is not the fixed number the tests pin, or the overdue
run takes 10 s or more.
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

from bench.measure import fresh_sqlite_file, queries_of, summary, timed  # noqa: E402
from testkit.queries import AUTH_QUERIES  # noqa: E402

DEFAULT_SQLITE = "/tmp/bench-savings.sqlite3"
RESULTS = ROOT / "bench" / "results" / "savings.json"
GOAL_SECONDS = 10.0
# The fixed query counts (lending/tests/test_savings_apis.py and test_apis.py pin them):
# AUTH_QUERIES (the session with its user and player) + the call's own; bank data: loans + savings + their
# weeks + loan requests (no loans: no day entries)
EXPECTED_QUERIES = {"check": AUTH_QUERIES + 4, "client_overview": AUTH_QUERIES + 4, "bank_data": AUTH_QUERIES + 4}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--accounts", type=int, default=10_000)
    parser.add_argument("--weeks-behind", type=int, default=4)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)

    sqlite_path = fresh_sqlite_file(default=DEFAULT_SQLITE, script="bench_savings.py")
    from bench.generate import fast_sqlite_writes, players_create, setup_django

    setup_django()
    from decimal import Decimal

    from django.core.management import call_command
    from django.utils import timezone
    from rest_framework.test import APIClient

    from accounts.models import Player, User
    from accounts.tokens import token_issue
    from lending import rules
    from lending.models import Savings, SavingsWeek
    from lending.savings.services import savings_auto_process_overdue

    call_command("migrate", interactive=False, verbosity=0)
    started = time.perf_counter()
    player_ids = players_create(args.accounts)
    today = timezone.localdate()
    start = today - timedelta(days=7 * args.weeks_behind + 1)
    with fast_sqlite_writes():
        Savings.objects.bulk_create(
            (
                Savings(
                    player_id=player_id,
                    principal=1_000_000,
                    invested_value=1_000_000,
                    interest_rate=Decimal("0.07"),
                    start_date=start,
                    next_week=1,
                    next_due_date=rules.week_due_date(start, 1),
                )
                for player_id in player_ids
            ),
            batch_size=2_000,
        )
    setup_s = time.perf_counter() - started

    started = time.perf_counter()
    run = savings_auto_process_overdue(today=today)
    overdue_s = time.perf_counter() - started
    expected_weeks = args.accounts * args.weeks_behind
    problems = []
    if run.processed_count != expected_weeks or SavingsWeek.objects.count() != expected_weeks:
        problems.append(f"the overdue run recorded {run.processed_count} weeks, expected {expected_weeks}")
    if overdue_s >= GOAL_SECONDS:
        problems.append(f"the overdue run took {overdue_s:.1f} s, the goal is under {GOAL_SECONDS:.0f} s")
    started = time.perf_counter()
    again = savings_auto_process_overdue(today=today)
    again_s = time.perf_counter() - started
    if again.processed_count:
        problems.append(f"a second run recorded {again.processed_count} more weeks")

    admin = User.objects.create_user(username="bench-admin", password="x", is_staff=True, role="treasurer")
    admin_client = APIClient()
    admin_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=admin).access_token}")
    player = Player.objects.get(pk=player_ids[0])
    player.user = User.objects.create_user(username="bench-player", password="x")
    player.save(update_fields=["user"])
    player_client = APIClient()
    player_client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=player.user).access_token}")

    calls = {
        "check": lambda: admin_client.get("/api/admin/savings/check"),
        "client_overview": lambda: admin_client.get("/api/admin/savings/client-overview"),
        "bank_data": lambda: player_client.get("/api/me/bank-data"),
    }
    figures = {}
    for name, call in calls.items():
        samples, response = timed(call, args.runs)
        assert response.status_code == 200, (name, response.status_code)
        queries = queries_of(call)
        if queries != EXPECTED_QUERIES[name]:
            problems.append(f"{name} ran {queries} queries, the tests pin {EXPECTED_QUERIES[name]}")
        figures[name] = summary(samples, queries=queries, bytes=len(response.content))

    result = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "sqlite": str(sqlite_path),
        "accounts": args.accounts,
        "weeks_behind": args.weeks_behind,
        "setup_s": round(setup_s, 1),
        "overdue_run_s": round(overdue_s, 2),
        "overdue_weeks": run.processed_count,
        "second_run_s": round(again_s, 2),
        "reads": figures,
        "problems": problems,
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
