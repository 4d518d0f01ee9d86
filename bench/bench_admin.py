"""Benchmark of every admin list of the panel at scale, on SQLite and on PostgreSQL (issue 24).

    cd /work/main && .venv/bin/python bench/bench_admin.py [--database both|sqlite|postgres] \\
        [--players 10000] [--loans 20000] [--payments 1000000] [--savings 20000] [--weeks 80000] \\
        [--runs 15] [--regenerate]

The data is the project's own generator's (`bench/generate.py --bank`): 10,000 players (2% bad
payers, a third old clients, 1% blocked), 20,000 loans with 1,000,000 day entries, 20,000 savings
accounts with 80,000 recorded weeks, 300 pending and 300 denied requests of each kind (loan
requests, withdrawals, pearl exchanges). It is generated once a day and kept out of git, in
BENCH_DATA_DIR (default /tmp/guild-bench): a SQLite file, and a PostgreSQL database
`guild_bench_data_<players>` used as a template; each run works on a scratch copy
(SQLITE_PATH, default /tmp/bench-admin.sqlite3; the database `guild_bench_admin` on BENCH_POSTGRES,
default postgres://postgres@127.0.0.1:5432), migrated, so a run never changes the kept data.

For each database it starts one daphne process as `make run` does (DEBUG off, no background jobs),
times each list's call `--runs` times through HTTP after one warm-up call (p50, p95, bytes),
counts its SQL queries in-process through DRF's APIClient, then executes the credit migration of
every player (Select All, in-process, one run) and checks every player's new score is the preview's.
It writes bench/results/admin.json (both databases: `results_by_database`), prints one table, and
exits 1 when a query count is not the number the tests pin, a p95 is 300 ms or more, or the
migration set a score the preview did not show.
"""

import argparse
import json
import os
import platform
import shutil
import sqlite3
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project is importable

from bench.measure import summary  # noqa: E402
from testkit.queries import AUTH_QUERIES  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "admin.json"
DATA_DIR = Path(os.environ.get("BENCH_DATA_DIR", "/tmp/guild-bench"))
DEFAULT_SQLITE = "/tmp/bench-admin.sqlite3"
POSTGRES = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
SCRATCH_POSTGRES = "guild_bench_admin"
GOAL_P95_MS = 300.0
DATABASES = ("sqlite", "postgres")

# (what, path, query, the call's own queries as the tests pin them: AUTH_QUERIES is added); a page
# "middle" or "last" is that page of the list as its first page counts it
CASES = [
    ("Overview: dashboard stats", "/api/admin/dashboard-stats", {}, 13),
    ("Overview: undelivered notices", "/api/admin/notifications/undelivered", {}, 1),
    ("Overview: last reconcile", "/api/admin/reconcile", {}, 1),
    ("Overview: daily jobs", "/api/admin/jobs", {}, 1),
    ("Credit Score Overview", "/api/admin/credit-score/overview", {}, 3),
    ("Credit Score Migration, page 1", "/api/admin/credit-score/migration-preview", {}, 4),
    ("Credit Score Migration, middle page", "/api/admin/credit-score/migration-preview", {"page": "middle"}, 4),
    ("Credit Score Migration, last page", "/api/admin/credit-score/migration-preview", {"page": "last"}, 4),
    ("Credit Score Migration, search", "/api/admin/credit-score/migration-preview", {"search": "bench0012"}, 4),
    ("Savings Management, new clients p.1", "/api/admin/savings/client-overview", {"client_type": "new"}, 4),
    ("Savings Management, old clients p.1", "/api/admin/savings/client-overview", {"client_type": "old"}, 4),
    (
        "Savings Management, new clients, middle page",
        "/api/admin/savings/client-overview",
        {"client_type": "new", "page": "middle"},
        4,
    ),
    (
        "Savings Management, over limit",
        "/api/admin/savings/client-overview",
        {"client_type": "new", "status": "over_limit"},
        4,
    ),
    (
        "Savings Management, search",
        "/api/admin/savings/client-overview",
        {"client_type": "new", "search": "bench00"},
        4,
    ),
    ("Search Player", "/api/search/players", {"term": "bench00"}, 2),
    ("Pending Loans", "/api/admin/pending-loans", {}, 2),
    ("Check Loans, page 1", "/api/admin/loans/check", {}, 4),
    ("Check Loans, middle page", "/api/admin/loans/check", {"page": "middle"}, 4),
    ("Check Savings, page 1", "/api/admin/savings/check", {}, 4),
    ("Check Savings, middle page", "/api/admin/savings/check", {"page": "middle"}, 4),
    ("Report, page 1", "/api/admin/report", {}, 9),
    ("Report, middle page", "/api/admin/report", {"page": "middle"}, 9),
    ("Report, savings only", "/api/admin/report", {"product_type": "saving"}, 7),
    ("Bad Payers", "/api/admin/players/bad-payers", {}, 2),
    ("Blocked Accounts", "/api/admin/players/blocked", {}, 2),
    ("Withdrawal Requests", "/api/admin/withdrawal-requests", {}, 3),
    ("Pearl Exchange Requests", "/api/admin/pearl-exchange-requests", {}, 3),
    ("Audit", "/api/admin/audit", {}, 2),
]


def data_key(args) -> str:
    return f"bank-{args.players}p-{args.loans}l-{args.payments}d-{args.savings}s-{args.weeks}w"


def _fresh(meta_path: Path) -> bool:
    """Generated today (the data's dates are relative to the day it was made)."""
    if not meta_path.exists():
        return False
    return json.loads(meta_path.read_text()).get("made_on") == date.today().isoformat()


def _generate(args, env: dict[str, str]) -> float:
    command = [
        sys.executable,
        str(ROOT / "bench" / "generate.py"),
        "--bank",
        "--migrate",
        *("--players", str(args.players), "--loans", str(args.loans), "--payments", str(args.payments)),
        *("--savings", str(args.savings), "--weeks", str(args.weeks)),
    ]
    started = time.perf_counter()
    subprocess.run(command, check=True, cwd=ROOT, env=env | {"DJANGO_SETTINGS_MODULE": "config.settings.local"})
    return time.perf_counter() - started


def _base_env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL", "SQLITE_PATH")}
    return env | {"DJANGO_SETTINGS_MODULE": "config.settings.local"}


def prepare_sqlite(args) -> tuple[dict[str, str], dict]:
    """The kept SQLite file (generated when missing or not from today), copied to the scratch file."""
    DATA_DIR.mkdir(parents=True, exist_ok=True)
    kept = DATA_DIR / f"{data_key(args)}.sqlite3"
    meta_path = kept.with_suffix(".json")
    if args.regenerate or not _fresh(meta_path):
        kept.unlink(missing_ok=True)
        seconds = _generate(args, _base_env() | {"SQLITE_PATH": str(kept)})
        meta_path.write_text(json.dumps({"made_on": date.today().isoformat(), "generate_s": round(seconds, 1)}))
    scratch = Path(os.environ.get("SQLITE_PATH", DEFAULT_SQLITE)).resolve()
    if scratch == (ROOT / "db.sqlite3").resolve() or scratch == kept.resolve():
        sys.exit(f"refusing to overwrite {scratch}; set SQLITE_PATH to a scratch file")
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{scratch}{suffix}").unlink(missing_ok=True)
    shutil.copyfile(kept, scratch)
    return _base_env() | {"SQLITE_PATH": str(scratch)}, json.loads(meta_path.read_text())


def prepare_postgres(args) -> tuple[dict[str, str], dict]:
    """The kept PostgreSQL database (generated when missing or not from today), copied as a template."""
    import psycopg

    DATA_DIR.mkdir(parents=True, exist_ok=True)
    template = f"guild_bench_data_{args.players}"
    meta_path = DATA_DIR / f"{data_key(args)}.postgres.json"
    with psycopg.connect(f"{POSTGRES}/postgres", autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [template]).fetchone()
        if args.regenerate or not exists or not _fresh(meta_path):
            admin.execute(f'DROP DATABASE IF EXISTS "{template}"')
            admin.execute(f'CREATE DATABASE "{template}"')
            seconds = _generate(args, _base_env() | {"DATABASE_URL": f"{POSTGRES}/{template}"})
            with psycopg.connect(f"{POSTGRES}/{template}", autocommit=True) as data:
                data.execute("VACUUM ANALYZE")  # as autovacuum leaves a table that has settled
            meta_path.write_text(json.dumps({"made_on": date.today().isoformat(), "generate_s": round(seconds, 1)}))
        admin.execute(f'DROP DATABASE IF EXISTS "{SCRATCH_POSTGRES}"')
        admin.execute(f'CREATE DATABASE "{SCRATCH_POSTGRES}" TEMPLATE "{template}"')
    return _base_env() | {"DATABASE_URL": f"{POSTGRES}/{SCRATCH_POSTGRES}"}, json.loads(meta_path.read_text())


def _cpu_ms(pids: list[int]) -> float:
    """CPU time (user + system) these processes have used so far, in ms (gone ones count 0)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime and stime, the stat file's 14th and 15th
    return total * 1000 / os.sysconf("SC_CLK_TCK")


def _http_get(base: str, token: str, path: str, query: dict) -> bytes:
    url = f"{base}{path}" + (f"?{urllib.parse.urlencode(query)}" if query else "")
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}", "Accept": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        if response.status != 200:
            raise RuntimeError(f"{url} answered {response.status}")
        return response.read()


def measure(database: str, args) -> dict:
    """Everything for one database, in this process (its settings are this process's)."""
    env, meta = prepare_sqlite(args) if database == "sqlite" else prepare_postgres(args)
    env["BANK_SESSION_SECONDS"] = "3600"  # one token for the whole run
    os.environ.clear()
    os.environ.update(env)
    from bench.generate import setup_django

    setup_django()
    from django.core.management import call_command
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    from accounts.models import Player, User
    from accounts.tokens import token_issue
    from credit import migration
    from credit.services import credit_migration_execute
    from lending.models import LoanPayment, SavingsWeek
    from testkit.servers import free_port, wait_until_healthy

    call_command("migrate", interactive=False, verbosity=0)  # the kept data may predate a migration
    sizes = {
        "players": Player.objects.count(),
        "loan_days": LoanPayment.objects.count(),
        "savings_weeks": SavingsWeek.objects.count(),
    }
    admin = User.objects.create_user(username="bench-admin", password=None, is_staff=True, role="treasurer")
    token = token_issue(user=admin).access_token
    client = APIClient(HTTP_HOST="localhost")
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")

    def page_numbers(path: str, asked: dict) -> dict:
        if not any(value in ("middle", "last") for value in asked.values()):
            return asked
        first = client.get(path, {key: value for key, value in asked.items() if key != "page"}).json()
        pages = max(1, -(-first["count"] // first["page_size"]))
        chosen = {"middle": max(1, pages // 2), "last": pages}
        return {key: chosen.get(value, value) for key, value in asked.items()}

    def database_backends() -> list[int]:
        """The PostgreSQL processes serving the server's connections (none on SQLite: in the server)."""
        if connection.vendor != "postgresql":
            return []
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
            return [row[0] for row in cursor.fetchall()]

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server_env = env | {"DJANGO_DEBUG": "false", "LOG_LEVEL": "WARNING", "BANK_BACKGROUND_IN_SERVER": "false"}
    server = subprocess.Popen(
        [sys.executable, "-m", "config.server", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=server_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    results, problems = {}, []
    load_before = os.getloadavg()
    try:
        wait_until_healthy(base, server, timeout=60)
        for what, path, asked, own_queries in CASES:
            query = page_numbers(path, asked)
            _http_get(base, token, path, query)  # warm-up
            samples, body = [], b""
            # the CPU the server and the database spent on the calls: what a quiet machine would wait for
            backends = database_backends()
            server_cpu, database_cpu = _cpu_ms([server.pid]), _cpu_ms(backends)
            for _ in range(args.runs):
                started = time.perf_counter()
                body = _http_get(base, token, path, query)
                samples.append((time.perf_counter() - started) * 1000)
            server_cpu = (_cpu_ms([server.pid]) - server_cpu) / args.runs
            database_cpu = (_cpu_ms(backends) - database_cpu) / args.runs
            with CaptureQueriesContext(connection) as captured:
                assert client.get(path, query).status_code == 200
            queries, expected = len(captured.captured_queries), AUTH_QUERIES + own_queries
            results[what] = summary(
                samples,
                queries=queries,
                expected_queries=expected,
                bytes=len(body),
                query=query,
                server_cpu_ms=round(server_cpu, 1),
                database_cpu_ms=round(database_cpu, 1) if backends else None,
            )
            if queries != expected:
                problems.append(f"{database}: {what}: {queries} queries, the tests pin {expected}")
            if results[what]["p95_ms"] >= GOAL_P95_MS:
                problems.append(f"{database}: {what}: p95 {results[what]['p95_ms']} ms, the goal is under 300 ms")
    finally:
        server.terminate()
        server.wait(timeout=30)
    load_after = os.getloadavg()

    # Select All: every player's score set from their records, one run; then each must be the preview's
    previewed = {row["id"]: row["calculated_score"] for row in migration.scored_rows(None)}
    all_ids = list(Player.objects.values_list("pk", flat=True))
    with CaptureQueriesContext(connection) as captured:
        started = time.perf_counter()
        migrated = credit_migration_execute(player_ids=all_ids, admin=admin)
        execute_ms = (time.perf_counter() - started) * 1000
    set_scores = dict(Player.objects.values_list("pk", "credit_score"))
    wrong = [player_id for player_id, score in set_scores.items() if previewed.get(player_id) != score]
    results["Credit Score Migration, execute for every player (1 run)"] = {
        "p50_ms": round(execute_ms, 1),
        "p95_ms": round(execute_ms, 1),
        "runs": 1,
        "queries": len(captured.captured_queries),
        "migrated": len(migrated),
        "scores_not_as_previewed": len(wrong),
    }
    if wrong or len(migrated) != len(all_ids):
        problems.append(f"{database}: the migration set {len(wrong)} scores that the preview did not show")
    version = (
        f"SQLite {sqlite3.sqlite_version}"
        if connection.vendor == "sqlite"
        else "PostgreSQL {}.{}".format(*divmod(connection.cursor().connection.info.server_version, 10_000))
    )
    return {
        "database": version,
        "data": sizes | {"generated": meta},
        "load_average_before": [round(load, 2) for load in load_before],
        "load_average_after": [round(load, 2) for load in load_after],
        "results": results,
        "problems": problems,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--database", choices=("both", *DATABASES), default="both")
    parser.add_argument("--players", type=int, default=10_000)
    parser.add_argument("--loans", type=int, default=20_000)
    parser.add_argument("--payments", type=int, default=1_000_000, help="loan day entries")
    parser.add_argument("--savings", type=int, default=20_000)
    parser.add_argument("--weeks", type=int, default=80_000, help="recorded savings weeks")
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--regenerate", action="store_true", help="generate the kept data again")
    parser.add_argument("--output", help=argparse.SUPPRESS)  # a child's result file
    args = parser.parse_args(argv)

    if args.database != "both":
        report = measure(args.database, args)
        Path(args.output or RESULTS.with_name(f"admin-{args.database}.json")).write_text(json.dumps(report, indent=2))
        return 1 if report["problems"] else 0

    # one process per database: Django's settings name one database a process
    by_database, codes = {}, []
    RESULTS.parent.mkdir(exist_ok=True)
    passed_on = [arg for arg in (argv if argv is not None else sys.argv[1:])]
    for database in DATABASES:
        output = RESULTS.with_name(f"admin-{database}.json")
        output.unlink(missing_ok=True)
        command = [sys.executable, __file__, *passed_on, "--database", database, "--output", str(output)]
        codes.append(subprocess.run(command, check=False, cwd=ROOT).returncode)
        if output.exists():
            by_database[database] = json.loads(output.read_text())
    problems = [problem for report in by_database.values() for problem in report["problems"]]
    problems += [f"{database}: no results" for database in DATABASES if database not in by_database]
    report = {
        "benchmark": "admin",
        "measured_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs",
        "load_average": [round(load, 2) for load in os.getloadavg()],
        "results_by_database": by_database,
        # run_all.py's table: each list once, "sqlite | postgres" side by side
        "results": {
            f"{what} [{database}]": figures
            for database, database_report in by_database.items()
            for what, figures in database_report["results"].items()
        },
        "passed": not problems and not any(codes),
        "problems": problems,
    }
    RESULTS.write_text(json.dumps(report, indent=2))
    names = list(dict.fromkeys(what for r in by_database.values() for what in r["results"]))
    width = max((len(name) for name in names), default=10)
    print(f"{'list':<{width}}  " + "  ".join(f"{db + ' p50/p95 ms, queries, cpu ms':>36}" for db in by_database))
    for name in names:
        cells = []
        for database_report in by_database.values():
            figures = database_report["results"].get(name)
            cpu = (figures or {}).get("server_cpu_ms")
            cpu_text = f", cpu {cpu + (figures.get('database_cpu_ms') or 0):.0f}" if cpu is not None else ""
            cells.append(
                f"{figures['p50_ms']:>7} / {figures['p95_ms']:>7}, {figures['queries']:>3}{cpu_text}"
                if figures
                else "-"
            )
        print(f"{name:<{width}}  " + "  ".join(f"{cell:>36}" for cell in cells))
    for database, database_report in by_database.items():
        print(
            f"{database}: {database_report['database']}, data {database_report['data']}, load {database_report['load_average_before']} -> {database_report['load_average_after']}"
        )
    for problem in problems:
        print(f"PROBLEM: {problem}")
    return 1 if report["problems"] or any(codes) else 0


if __name__ == "__main__":
    sys.exit(main())
