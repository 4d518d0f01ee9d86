"""Benchmark of the admin's bank-wide reads at scale: Overview stats, Report, Bad Payers, Blocked, Search.

    cd /work/main && DJANGO_SETTINGS_MODULE=bank.settings.local SQLITE_PATH=/tmp/bench-admin.sqlite3 \\
        .venv/bin/python bench/bench_admin.py [--players 10000] [--loans 20000] [--savings 20000] \\
        [--entries 1000000] [--runs 15]     # loans, savings and entries default to 2, 2 and 100 a player

It deletes and migrates the SQLite file SQLITE_PATH (default /tmp/bench-admin.sqlite3; never the
project's db.sqlite3), then bulk-generates 10,000 players (2% bad payers, a third old clients, 1%
blocked), 20,000 savings accounts with their recorded weeks, 20,000 loans with their day entries
(weeks and days together exactly `--entries`, 1,000,000 by default), and 300 pending requests of
each kind (loans, withdrawals, pearl exchanges). It times, after one warm-up call, `--runs` calls of
each endpoint through DRF's APIClient with an admin token, counts their SQL queries, prints p50/p95,
writes bench/results/admin.json, and exits 1 when a query count is not the fixed number the tests
pin or a p95 is 300 ms or more (issue 12, "Speed").
"""

import argparse
import json
import os
import platform
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project is importable

from bank.core.testing.queries import AUTH_QUERIES  # noqa: E402
from bench.measure import fresh_sqlite_file, queries_of, summary, timed  # noqa: E402

DEFAULT_SQLITE = "/tmp/bench-admin.sqlite3"
RESULTS = ROOT / "bench" / "results" / "admin.json"
GOAL_P95_MS = 300.0
PENDING_EACH = 300
# The fixed query counts (bank/tests/test_admin_apis.py pins them): AUTH_QUERIES and the call's own
EXPECTED_QUERIES = {
    "dashboard": AUTH_QUERIES + 12,  # players, loans, outstanding, savings, 3 pending counts, dividends, 4 lists
    "report": AUTH_QUERIES + 9,  # the page's keys, its loans, its savings, 2 counts, 4 counters
    "report_savings": AUTH_QUERIES + 7,  # the same for savings only
    "bad_payers": AUTH_QUERIES + 2,  # the page with holdings, the count
    "blocked": AUTH_QUERIES + 2,
    "search": AUTH_QUERIES + 2,
}


def savings_create(player_ids, *, accounts: int, weeks_total: int, seed: int = 1) -> int:
    """`accounts` Active savings over random players and exactly `weeks_total` recorded weeks (the
    oldest first, Paid or compounded Not Paid), each account started one week after its last
    recorded week so that its next week is due. Answers the weeks written."""
    from decimal import Decimal

    from django.db import connection, transaction
    from django.utils import timezone

    from bank.core.bulk import insert_rows
    from lending import rules
    from lending.models import Savings, SavingsWeek

    rng = random.Random(seed)
    today = timezone.localdate()
    now = timezone.now()
    base, extra = divmod(weeks_total, accounts)
    rate = Decimal("0.07")
    weeks_of = [base + (1 if index < extra else 0) for index in range(accounts)]
    with transaction.atomic():
        rows = []
        for weeks in weeks_of:
            value = rng.choice((100_000, 250_000, 500_000))
            start = today - timedelta(days=7 * (weeks + 1) + rng.randrange(0, 3))
            rows.append(
                Savings(
                    player_id=rng.choice(player_ids),
                    principal=value,
                    invested_value=value,
                    interest_rate=rate,
                    start_date=start,
                    next_week=weeks + 1,
                    next_due_date=rules.week_due_date(start, weeks + 1),
                    created_at=now,
                )
            )
        created = Savings.objects.bulk_create(rows, batch_size=5_000)
        marked_at = connection.ops.adapt_datetimefield_value(now)

        def week_rows():
            for savings, weeks in zip(created, weeks_of, strict=True):
                interest = rules.week_interest(savings.invested_value, savings.interest_rate)
                for week in range(1, weeks + 1):
                    due = connection.ops.adapt_datefield_value(rules.week_due_date(savings.start_date, week))
                    if rng.random() < 0.8:
                        yield savings.pk, week, due, "Paid", interest, 0, False, "", True, marked_at
                    else:
                        yield savings.pk, week, due, "Not Paid", interest, interest, True, "", False, marked_at

        columns = (
            "savings",
            "week",
            "due_date",
            "status",
            "interest",
            "interest_compounded",
            "auto_processed",
            "reverted_from",
            "points_awarded",
            "marked_at",
        )
        written = insert_rows(SavingsWeek, columns, week_rows())
    return written


def requests_create(player_ids, *, each: int, seed: int = 2) -> None:
    """`each` pending loan requests, withdrawals and pearl exchanges from random players."""
    from datetime import time as clock_time
    from decimal import Decimal

    from django.utils import timezone

    from exchange.models import PearlExchangeRequest
    from lending.models import PendingLoan, WithdrawalRequest

    rng = random.Random(seed)
    tomorrow = timezone.localdate() + timedelta(days=1)
    PendingLoan.objects.bulk_create(
        PendingLoan(
            player_id=rng.choice(player_ids),
            value=500_000,
            total_days=14,
            interest_rate=Decimal("0.35"),
            total_to_pay=675_000,
            request_reason="Generated",
        )
        for _ in range(each)
    )
    WithdrawalRequest.objects.bulk_create(
        WithdrawalRequest(
            player_id=rng.choice(player_ids),
            amount=50_000,
            withdrawal_date=tomorrow,
            withdrawal_time=clock_time(18, 0),
            player_timezone=1,
        )
        for _ in range(each)
    )
    PearlExchangeRequest.objects.bulk_create(
        PearlExchangeRequest(
            player_id=rng.choice(player_ids),
            exchange_type="sell",
            pearls_amount=10,
            exchange_rate=2500,
            bread_amount=25_000,
            savings_option="cashout",
        )
        for _ in range(each)
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--loans", type=int, help="default: 2 a player (20,000)")
    parser.add_argument("--savings", type=int, help="default: 2 a player (20,000)")
    parser.add_argument("--entries", type=int, help="loan days and savings weeks together; default 100 a player")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)
    args.loans = args.loans or 2 * args.players
    args.savings = args.savings or 2 * args.players
    args.entries = args.entries or 100 * args.players

    sqlite_path = fresh_sqlite_file(default=DEFAULT_SQLITE, script="bench_admin.py")
    from bench.generate import fast_sqlite_writes, loans_create, players_create, setup_django

    setup_django()
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone
    from rest_framework.test import APIClient

    from accounts.models import Player, User
    from accounts.tokens import token_issue
    from lending.models import LoanPayment, SavingsWeek

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    player_ids = players_create(args.players)
    # 1% blocked after failed sign-ins, for the Blocked Accounts list
    Player.objects.filter(pk__in=player_ids[::100]).update(failed_attempts=5, blocked_at=timezone.now())
    weeks_total = args.entries // 5  # a fifth of the entries are savings weeks, the rest loan days
    with fast_sqlite_writes():
        weeks = savings_create(player_ids, accounts=args.savings, weeks_total=weeks_total)
        made = loans_create(player_ids, loans=args.loans, payments=args.entries - weeks)
        requests_create(player_ids, each=PENDING_EACH)
    setup_s = time.perf_counter() - started
    entries = LoanPayment.objects.count() + SavingsWeek.objects.count()
    assert entries == args.entries, entries

    admin = User.objects.create_user(username="bench-admin", password=None, is_staff=True, role="treasurer")
    client = APIClient(HTTP_HOST="localhost")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=admin).access_token}")

    def get(path: str, query: dict | None = None):
        def call():
            response = client.get(path, query or {})  # the body is rendered: JSON encoding is in the time
            assert response.status_code == 200, response.content[:300]
            return response

        return call

    rows = args.loans + args.savings
    deep_page = max(1, rows // 50 // 2)
    cases = {
        "GET /api/admin/dashboard-stats": ("dashboard", get("/api/admin/dashboard-stats")),
        "GET /api/admin/report (page 1)": ("report", get("/api/admin/report")),
        f"GET /api/admin/report (page {deep_page})": ("report", get("/api/admin/report", {"page": deep_page})),
        "GET /api/admin/report?product_type=saving": (
            "report_savings",
            get("/api/admin/report", {"product_type": "saving"}),
        ),
        "GET /api/admin/players/bad-payers": ("bad_payers", get("/api/admin/players/bad-payers")),
        "GET /api/admin/players/blocked": ("blocked", get("/api/admin/players/blocked")),
        "GET /api/search/players?term=bench00": ("search", get("/api/search/players", {"term": "bench00"})),
    }
    results, problems = {}, []
    for name, (kind, call) in cases.items():
        samples, response = timed(call, args.runs)
        queries = queries_of(call)
        results[name] = summary(
            samples, queries=queries, expected_queries=EXPECTED_QUERIES[kind], bytes=len(response.content)
        )
        if queries != EXPECTED_QUERIES[kind]:
            problems.append(f"{name}: {queries} queries, the tests pin {EXPECTED_QUERIES[kind]}")
        if results[name]["p95_ms"] >= GOAL_P95_MS:
            problems.append(f"{name}: p95 {results[name]['p95_ms']} ms, the goal is under {GOAL_P95_MS:.0f} ms")

    stats = client.get("/api/admin/dashboard-stats").json()["stats"]
    report = {
        "benchmark": "admin",
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": f"{connection.vendor} {connection.Database.sqlite_version} ({sqlite_path})",
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "data": {
            "players": args.players,
            "loans": made.loans,
            "savings": args.savings,
            "loan_days": made.payments,
            "savings_weeks": weeks,
            "pending_each_kind": PENDING_EACH,
            "setup_s": round(setup_s, 1),
        },
        "stats": stats,
        "results": results,
        "passed": not problems,
        "problems": problems,
    }
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2))
    width = max(len(name) for name in results)
    print(f"{'call':<{width}}  {'p50 ms':>8}  {'p95 ms':>8}  queries")
    for name, figures in results.items():
        print(f"{name:<{width}}  {figures['p50_ms']:>8}  {figures['p95_ms']:>8}  {figures['queries']}")
    print(f"data: {report['data']}")
    for problem in problems:
        print(f"PROBLEM: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
