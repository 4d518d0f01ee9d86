"""Benchmark of the credit reads an admin waits for: the migration preview and the overview.

    cd /work/main && DJANGO_SETTINGS_MODULE=config.settings.local SQLITE_PATH=/tmp/bench.sqlite3 \\
        .venv/bin/python bench/bench_credit.py [--players 10000] [--runs 15]

It deletes and migrates the SQLite file SQLITE_PATH (default /tmp/bench.sqlite3; never the project's
db.sqlite3), adds the players with bench/generate.py, registers a fake migration source that
answers every player's record counts in one query (standing in for the lending records), then times
each read directly and through the API with an admin token, and finally one execute of the
migration for every player. It prints p50/p95 and the SQL query count, writes
bench/results/credit.json and exits 1 if the preview's p50 is 1 s or more.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project is importable

from bench.measure import fresh_sqlite_file, queries_of, summary, timed  # noqa: E402

DEFAULT_SQLITE = "/tmp/bench.sqlite3"
RESULTS = ROOT / "bench" / "results" / "credit.json"
PREVIEW_LIMIT_MS = 1000.0  # docs/rules.md, Credit score: the preview answers in under a second for 10,000 players


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)

    sqlite_path = fresh_sqlite_file(default=DEFAULT_SQLITE, script="bench_credit.py")
    from bench.generate import fake_counts_source, fake_counts_sql, players_create, setup_django

    setup_django()
    from django.core.management import call_command
    from django.db import connection
    from rest_framework.test import APIClient

    from accounts.models import User
    from accounts.tokens import token_issue
    from credit import migration
    from credit.selectors import credit_migration_preview, credit_overview

    started = time.perf_counter()
    call_command("migrate", interactive=False, verbosity=0)
    migrate_s = time.perf_counter() - started

    started = time.perf_counter()
    players_create(args.players)
    generate_s = time.perf_counter() - started

    migration._sources.clear()  # only the stand-in: the numbers must not depend on what else is installed
    migration.register_source(fake_counts_source, grouped=fake_counts_sql)

    admin = User.objects.create_user(username="bench-admin", password=None, is_staff=True, role="treasurer")
    client = APIClient(HTTP_HOST="localhost")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=admin).access_token}")

    def http_get(path: str, key: str) -> Callable[[], object]:
        def call():
            response = client.get(path)
            assert response.status_code == 200, response.content[:300]
            body = response.json()
            # the screens read a page at a time (50 rows), with the count of the whole list
            assert len(body[key]) == min(args.players, 50), f"{path} answered {len(body[key])} rows"
            assert body["count"] == args.players, f"{path} counted {body['count']} players"
            return body

        return call

    preview = credit_migration_preview()
    assert preview["total_players"] == args.players
    assert preview["highest_score"] == 300 and preview["calculated_scores"] > 0

    cases: dict[str, Callable[[], object]] = {
        "credit_migration_preview()": credit_migration_preview,
        "credit_overview()": credit_overview,
        "GET /api/admin/credit-score/migration-preview": http_get(
            "/api/admin/credit-score/migration-preview", "migration_data"
        ),
        "GET /api/admin/credit-score/overview": http_get("/api/admin/credit-score/overview", "overview"),
    }
    results = {name: summary(timed(call, args.runs)[0], queries=queries_of(call)) for name, call in cases.items()}

    # Execute for everyone ("Select All"): a write, so one run, last. Inside an outer atomic block
    # so that the database work and the commit with its live pushes (in-memory layer) are timed apart.
    from django.db import transaction
    from django.test.utils import CaptureQueriesContext

    from accounts.models import Player
    from credit.services import credit_migration_execute

    all_ids = list(Player.objects.values_list("pk", flat=True))
    with CaptureQueriesContext(connection) as context:
        started = time.perf_counter()
        with transaction.atomic():
            migrated = credit_migration_execute(player_ids=all_ids, admin=admin)
            work_ms = (time.perf_counter() - started) * 1000
        total_ms = (time.perf_counter() - started) * 1000
    assert len(migrated) == args.players
    for name, elapsed in (("database work", work_ms), ("with commit and live pushes", total_ms)):
        results[f"credit_migration_execute(all), {name}"] = {
            "p50_ms": round(elapsed, 1),
            "p95_ms": round(elapsed, 1),
            "runs": 1,
            "queries": len(context.captured_queries),
        }

    preview_p50 = results["credit_migration_preview()"]["p50_ms"]
    passed = preview_p50 < PREVIEW_LIMIT_MS
    report = {
        "benchmark": "credit",
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "players": args.players,
        "database": f"{connection.vendor} {sqlite3.sqlite_version} ({sqlite_path})",
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "setup_seconds": {"migrate": round(migrate_s, 2), "generate": round(generate_s, 2)},
        "results": results,
        "preview_limit_ms": PREVIEW_LIMIT_MS,
        "passed": passed,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n")

    print(f"{args.players} players on {report['database']}; migrate {migrate_s:.2f} s, generate {generate_s:.2f} s")
    print(f"{'what':<60} {'p50 ms':>8} {'p95 ms':>8} {'queries':>8}")
    for name, figures in results.items():
        print(f"{name:<60} {figures['p50_ms']:>8.1f} {figures['p95_ms']:>8.1f} {figures['queries']:>8}")
    print(f"preview p50 {preview_p50:.1f} ms: {'PASS' if passed else 'FAIL'} (limit {PREVIEW_LIMIT_MS:.0f} ms)")
    print(f"written to {RESULTS.relative_to(ROOT)}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
