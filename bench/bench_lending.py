"""Benchmark of the loan reads: admin Check Loans and a player's bank data, on a million day entries.

    cd /work/main && DJANGO_SETTINGS_MODULE=config.settings.local SQLITE_PATH=/tmp/bench-lending.sqlite3 \\
        .venv/bin/python bench/bench_lending.py [--players 10000] [--loans 20000] [--payments 1000000] \\
        [--runs 15] [--check-runs 5]

It deletes and migrates the SQLite file SQLITE_PATH (default /tmp/bench-lending.sqlite3; never the
project's db.sqlite3), adds the players, loans and day entries with bench/generate.py, then times,
after one warm-up call each, GET /api/admin/loans/check (admin token) and GET /api/me/bank-data for
the player with the most loans and for a typical player, through DRF's APIClient. Check Loans is
also timed in its three parts (selector, serializer, JSON rendering). It prints p50/p95, response
sizes and SQL query counts, writes bench/results/lending.json, and exits 1 when a query count is not
the fixed number lending/tests/test_apis.py pins or a response does not hold the loans it should.
"""

import argparse
import json
import os
import platform
import sqlite3
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project is importable

from bench.measure import fresh_sqlite_file, queries_of, summary, timed  # noqa: E402
from testkit.queries import AUTH_QUERIES  # noqa: E402

DEFAULT_SQLITE = "/tmp/bench-lending.sqlite3"
RESULTS = ROOT / "bench" / "results" / "lending.json"

CHECK_PATH = "/api/admin/loans/check"
CHECK_PAGE = 50  # the default page size of Check Loans
BANK_DATA_PATH = "/api/me/bank-data"
# The fixed query counts, whatever the number of loans (lending/tests/test_apis.py pins them):
EXPECTED_QUERIES = {  # as the tests pin them: AUTH_QUERIES (the session with its user and player) + the call's own
    "check": AUTH_QUERIES + 4,  # the page's ids, its figures, the count, the counters
    # loans, day entries, loan requests, savings, dividends (no savings here, so no savings weeks read)
    "bank_data_solo": AUTH_QUERIES + 5,
    "bank_data": AUTH_QUERIES + 4,  # the same without solo access: no dividends read
}
HEAVY_PENDING = 3  # loan requests of the heavy player, so that part of bank data is not empty


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--loans", type=int, default=20_000)
    parser.add_argument("--payments", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=15, help="timed runs of each bank-data call")
    parser.add_argument("--check-runs", type=int, default=5, help="timed runs of Check Loans (seconds each)")
    args = parser.parse_args(argv)

    sqlite_path = fresh_sqlite_file(default=DEFAULT_SQLITE, script="bench_lending.py")
    from bench.generate import fast_sqlite_writes, loans_create, players_create, setup_django

    setup_django()
    from django.core.management import call_command
    from django.db import connection
    from django.db.models import Count
    from rest_framework.renderers import JSONRenderer
    from rest_framework.test import APIClient

    from accounts.models import Player, User
    from accounts.tokens import token_issue
    from lending import rules
    from lending.loans import selectors
    from lending.loans.serializers import LoansCheckOut
    from lending.models import Loan, LoanPayment, PendingLoan

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    migrate_s = time.perf_counter() - started

    started = time.perf_counter()
    player_ids = players_create(args.players)
    players_s = time.perf_counter() - started
    started = time.perf_counter()
    with fast_sqlite_writes():
        made = loans_create(player_ids, loans=args.loans, payments=args.payments)
    loans_s = time.perf_counter() - started
    assert LoanPayment.objects.count() == args.payments == made.payments

    # The two players whose bank data is read: the one with the most loans (with solo access and a
    # few loan requests) and a typical one (the median number of day entries among players with loans).
    per_player = sorted(
        Loan.objects.values("player_id")
        .annotate(loans=Count("id", distinct=True), entries=Count("payments"))
        .order_by()
        .values_list("entries", "loans", "player_id")
    )
    assert made.heavy_player_id is not None  # loans_create gave one player the heavy loans
    heavy = Player.objects.get(pk=made.heavy_player_id)
    heavy_loans, heavy_entries = next((loans, entries) for entries, loans, pk in per_player if pk == heavy.pk)
    others = [row for row in per_player if row[2] != heavy.pk]
    typical_entries, typical_loans, typical_id = others[len(others) // 2]
    typical = Player.objects.get(pk=typical_id)
    for player, solo in ((heavy, True), (typical, False)):
        player.user = User.objects.create_user(username=f"bench-{player.name}", password=None)
        player.has_solo_access = solo
        player.save(update_fields=["user", "has_solo_access"])
    rate = rules.loan_terms(value=500_000, score=heavy.credit_score).interest_rate
    PendingLoan.objects.bulk_create(
        PendingLoan(
            player=heavy,
            value=500_000,
            total_days=14,
            interest_rate=rate,
            total_to_pay=rules.total_to_pay(500_000, rate),
            request_reason="Generated",
            requested_by=heavy.user,
        )
        for _ in range(HEAVY_PENDING)
    )

    admin = User.objects.create_user(username="bench-admin", password=None, is_staff=True, role="treasurer")

    def client_for(user) -> APIClient:
        client = APIClient(HTTP_HOST="localhost")
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=user).access_token}")
        return client

    # answers the test client's response (the stubs name its type privately)
    def get(client: APIClient, path: str) -> Callable[[], Any]:
        def call():
            response = client.get(path)  # the test client renders the body: JSON encoding is in the time
            assert response.status_code == 200, response.content[:300]
            return response

        return call

    cases = {
        f"GET {CHECK_PATH}": ("check", get(client_for(admin), CHECK_PATH), args.check_runs),
        f"GET {BANK_DATA_PATH} (most loans, solo access)": (
            "bank_data_solo",
            get(client_for(heavy.user), BANK_DATA_PATH),
            args.runs,
        ),
        f"GET {BANK_DATA_PATH} (typical player)": (
            "bank_data",
            get(client_for(typical.user), BANK_DATA_PATH),
            args.runs,
        ),
    }
    expected_loans = {"check": min(made.active, CHECK_PAGE), "bank_data_solo": heavy_loans, "bank_data": typical_loans}
    expected_entries = {"bank_data_solo": heavy_entries, "bank_data": typical_entries}
    results, problems = {}, []
    for name, (kind, call, runs) in cases.items():
        samples, response = timed(call, runs)
        body = response.json()
        loans = body["loans"]
        # Check Loans rows carry figures, not histories (GET /api/loans/{id} reads one history)
        entries = sum(len(loan.get("payments_history", ())) for loan in loans)
        queries = queries_of(call)
        results[name] = summary(
            samples,
            queries=queries,
            expected_queries=EXPECTED_QUERIES[kind],
            bytes=len(response.content),
            loans=len(loans),
            day_entries=entries,
        )
        if queries != EXPECTED_QUERIES[kind]:
            problems.append(f"{name}: {queries} queries, the tests pin {EXPECTED_QUERIES[kind]}")
        if len(loans) != expected_loans[kind]:
            problems.append(f"{name}: {len(loans)} loans, expected {expected_loans[kind]}")
        if kind in expected_entries and entries != expected_entries[kind]:
            problems.append(f"{name}: {entries} day entries, expected {expected_entries[kind]}")
        if kind == "bank_data_solo" and (len(body["pending_loans"]) != HEAVY_PENDING or body["solo_dividends"] is None):
            problems.append(f"{name}: loan requests or dividends missing")

    # Check Loans in parts: where its time goes. (HTTP adds the token check and the test client on top.)
    check_page, check_data = {}, None

    def select():
        nonlocal check_page
        check_page = selectors.loans_check()

    def serialize():
        nonlocal check_data
        check_data = LoansCheckOut(check_page | {"page": 1, "page_size": CHECK_PAGE}).data

    parts = {}
    for part, step in (
        ("selectors.loans_check()", select),
        ("LoansCheckOut(...).data", serialize),
        ("JSONRenderer().render(...)", lambda: JSONRenderer().render(check_data)),
    ):
        samples, _ = timed(step, args.check_runs)
        parts[part] = summary(samples, queries=queries_of(step))
    status_counts = {name: count for name, count in check_page["counters"].items() if name != "total_value"}
    if check_page["count"] != made.active:
        problems.append(f"Check Loans counts {check_page['count']} Active loans, expected {made.active}")

    passed = not problems
    report: dict[str, Any] = {
        "benchmark": "lending",
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": f"{connection.vendor} {sqlite3.sqlite_version} ({sqlite_path})",
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "data": {
            "players": args.players,
            "loans": made.loans,
            "active": made.active,
            "paid_off": made.paid_off,
            "day_entries": made.payments,
            "paid_entries": made.paid,
            "today": made.today.isoformat(),
            "check_listing_statuses": dict(sorted(status_counts.items())),
            "heavy_player": {"id": heavy.pk, "loans": heavy_loans, "day_entries": heavy_entries},
            "typical_player": {"id": typical.pk, "loans": typical_loans, "day_entries": typical_entries},
        },
        "setup_seconds": {"migrate": round(migrate_s, 2), "players": round(players_s, 2), "loans": round(loans_s, 2)},
        "results": results,
        "check_loans_parts": parts,
        "problems": problems,
        "passed": passed,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")

    print(
        f"{args.players} players, {made.loans} loans ({made.active} Active, {made.paid_off} Paid-Off), "
        f"{made.payments:,} day entries on {report['database']}"
    )
    print(f"migrate {migrate_s:.2f} s, players {players_s:.2f} s, loans and day entries {loans_s:.2f} s")
    print(
        f"heavy player #{heavy.pk}: {heavy_loans} loans, {heavy_entries} entries; "
        f"typical player #{typical.pk}: {typical_loans} loans, {typical_entries} entries"
    )
    print(f"{'what':<58} {'p50 ms':>9} {'p95 ms':>9} {'queries':>8} {'bytes':>12}")
    for name, figures in results.items():
        print(
            f"{name:<58} {figures['p50_ms']:>9.1f} {figures['p95_ms']:>9.1f} "
            f"{figures['queries']:>8} {figures['bytes']:>12,}"
        )
    print("Check Loans in parts:")
    for name, figures in parts.items():
        print(f"  {name:<56} {figures['p50_ms']:>9.1f} {figures['p95_ms']:>9.1f} {figures['queries']:>8}")
    print(f"listing statuses: {report['data']['check_listing_statuses']}")
    for problem in problems:
        print(f"FAIL: {problem}")
    print(f"{'PASS' if passed else 'FAIL'}; written to {RESULTS.relative_to(ROOT)}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
