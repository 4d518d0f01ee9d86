"""`make bench`: run every bench script on scratch databases and print one table.

    cd /work/main && .venv/bin/python bench/run_all.py [--only credit,http] [--quick]

Each `bench/bench_*.py` runs in its own process, in the order below, with its own scratch SQLite file
(`/tmp/bench-<name>.sqlite3`); `bench_live.py`, `bench_layout.py`, `bench_writes.py` and
`bench_profile.py` need PostgreSQL and Redis and make scratch databases of their own there (`guild_bench_<name>` on 127.0.0.1:5432, BENCH_POSTGRES to change
it; Redis 127.0.0.1:6379, BENCH_REDIS).
Each script writes `bench/results/<name>.json`; this script reads them back, prints one table of every
figure (and the page's: the sign-in bundle's size and `e2e/test_page_speed.py`'s timings in
Chromium) and writes it to `bench/results/latest.md` with the machine and the load average, ready to
paste into `bench/README.md`. It exits 1 when a script failed or missed one of its goals.

`--quick` runs each script at a small size (a smoke test of the scripts, not figures to publish).
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
PAGE_SPEED = ROOT / "e2e" / "artifacts" / "page-speed.json"
PYTHON = sys.executable

QUICK_ARGS = {
    "credit": ["--players", "10000", "--runs", "2"],  # its generator reaches the 300 cap only at this size
    "lending": ["--players", "300", "--loans", "600", "--payments", "20000", "--runs", "3", "--check-runs", "2"],
    "savings": ["--accounts", "300", "--runs", "3"],
    "admin": [
        *("--players", "300", "--loans", "600", "--payments", "20000", "--savings", "600", "--weeks", "2400"),
        *("--runs", "3"),
    ],
    "http": ["--seconds", "2", "--runs", "1", "--heavy-requests", "20"],
    "live": ["--sockets", "200", "--players", "50", "--samples", "10"],
    "layout": ["--seconds", "2", "--runs", "1"],
    "writes": ["--seconds", "5"],
    "profile": ["--requests", "30"],
    "compiled": ["--calls", "50", "--rounds", "2"],
    "health": ["--players", "500", "--loans", "1000", "--payments", "40000", "--runs", "3"],
    "serialized": ["--calls", "30", "--rounds", "2"],
}
ORDER = [
    "credit",
    "lending",
    "savings",
    "admin",
    "health",
    "http",
    "compiled",
    "serialized",
    "layout",
    "writes",
    "live",
    "profile",
]
# the scripts that need PostgreSQL and Redis (each makes its own scratch database there)
PROJECT_PACKAGES = ("accounts/", "bank/", "credit/", "exchange/", "lending/")
NEEDS_SERVERS = {"live", "layout", "writes", "profile"}


def scripts() -> list[str]:
    found = sorted(path.stem.removeprefix("bench_") for path in (ROOT / "bench").glob("bench_*.py"))
    return sorted(found, key=lambda name: ORDER.index(name) if name in ORDER else len(ORDER))


def environment_for(name: str) -> dict[str, str]:
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")}
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.local"
    env["SQLITE_PATH"] = f"/tmp/bench-{name}.sqlite3"
    if name in NEEDS_SERVERS:
        server = os.environ.get("BENCH_POSTGRES", "postgres://postgres@127.0.0.1:5432")
        env["DATABASE_URL"] = f"{server}/guild_bench_{name}"
        env["REDIS_URL"] = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/9")
    return env


def rows_of(name: str, report: dict) -> list[tuple[str, str]]:
    """(what, figures) rows of one script's result file, whatever its shape."""
    rows = []
    if name == "savings":
        rows.append(
            (
                f"overdue run: {report['accounts']:,} accounts {report['weeks_behind']} weeks behind",
                f"{report['overdue_run_s']} s for {report['overdue_weeks']:,} weeks (goal < 10 s), "
                f"again at once {report['second_run_s']} s",
            )
        )
    for what, figures in (report.get("results") or report.get("reads") or {}).items():
        parts = [f"p50 {figures['p50_ms']} ms", f"p95 {figures['p95_ms']} ms"]
        if "queries" in figures:
            parts.append(f"{figures['queries']} queries")
        if figures.get("bytes"):
            parts.append(f"{figures['bytes']:,} bytes")
        rows.append((what, ", ".join(parts)))
    if name == "http":
        heavy = report["heavy_player_bank_data"]
        rows += [
            ("trivial view (ping), wrk -c16", f"{report['ping_rps']} req/s"),
            ("typical player's bank data, wrk -c16", f"{report['bank_data_rps']} req/s"),
            ("bank data's share of the trivial view", f"{report['bank_data_share']:.0%} (goal at least 50%)"),
            ("100-loan player's bank data", f"p50 {heavy['p50_ms']} ms, p95 {heavy['p95_ms']} ms (goal p95 < 30 ms)"),
        ]
    if name == "live":
        rows += [
            (
                f"{report['sockets']:,} sockets over {report['servers']} servers: notice",
                (
                    f"p50 {report['notice_p50_ms']} ms, p95 {report['notice_p95_ms']} ms (goal p95 < 50 ms), "
                    f"{report['misrouted']} misrouted"
                ),
            ),
            (
                "credit migration reaches every player",
                (
                    f"{report['migration_all_players_s']} s, {report['migration_sockets_missed']} sockets missed (goal < 2 s)"
                ),
            ),
            ("server memory per open socket", f"{report['memory_per_socket_kb']} KB"),
        ]
        if "database_connections_peak" in report:
            rows.append(
                (
                    "database connections during the run",
                    f"peak {report['database_connections_peak']} (bound {report['database_connections_bound']})",
                )
            )
    if name == "compiled":
        rows.append(
            (
                "bank data with compiled queries vs the ORM compiling each call (median)",
                f"{report['compiled']['median_ms']} vs {report['orm']['median_ms']} ms: "
                f"{report['gain_median']:.0%} less (kept above 10%)",
            )
        )
    if name == "serialized":
        rows.append(
            (
                "100-loan bank data as the selectors' rows vs through its serializers (median)",
                f"{report['rows']['median_ms']} vs {report['serialized']['median_ms']} ms: "
                f"{report['gain_median']:.0%} less (kept above 10%)",
            )
        )
    if name == "layout":
        new, before, today = report["new"], report["before"], report["today"]
        rows += [
            (
                "typical player's bank data through nginx, issue 31's layout (2 gunicorn workers)",
                f"{new['bank_data_rps']} req/s at 32 connections; p95 {new['p95_ms']} ms at 8 (goal at most 50 ms); "
                f"{new['connections_peak']} database connections at most (bound {new['connections_bound']})",
            ),
            (
                f"the same from today's layout ({today['shape']['commit']}: 2 daphne processes sharing the port)",
                f"{today['bank_data_rps']} req/s at 32 connections; p95 {today['p95_ms']} ms at 8; "
                f"{today['connections_peak']} database connections at most",
            ),
            (
                "the same, 2 daphne processes serving HTTP behind issue 31's nginx",
                f"{before['bank_data_rps']} req/s at 32 connections; p95 {before['p95_ms']} ms at 8; "
                f"{before['connections_peak']} database connections at most (bound {before['connections_bound']})",
            ),
            (
                "new over today's layout",
                f"{report['new_over_today']} times (goal at least 2.0; over daphne behind nginx "
                f"{report['new_over_daphne_behind_nginx']} times; {report['load_note']})",
            ),
        ]
    if name == "writes":
        rows += [
            (
                f"money-moving writes, {report['clients']} clients through nginx, {report['seconds']} s",
                f"{report['writes_per_s']} writes/s (goal at least 100), p95 {report['p95_ms']} ms (goal at most "
                f"150 ms), {report['server_errors']} 5xx, {sum(report['not_2xx'].values())} other non-2xx",
            ),
            (
                "books after the writes",
                "balanced" if report["reconcile_clean"] else f"NOT balanced: {report['reconcile']}",
            ),
        ]
    if name == "profile":
        for what, key in (("bank data", "bank_data"), ("loan approval", "loan_approval")):
            figures = report[key]
            own_code = [row for row in figures["top"] if row["where"].startswith(PROJECT_PACKAGES)]
            heaviest = ", ".join(f"{row['where']} {row['cumulative_ms']} ms" for row in own_code[:3])
            rows.append(
                (
                    f"profile: {what} ({figures['requests']} requests)",
                    f"{figures['wall_ms_per_request_profiled']} ms each under cProfile; then {heaviest} "
                    "(bench/results/profile.md)",
                )
            )
    if name == "health":
        for database in ("sqlite", "postgres"):
            figures = report.get(database)
            if not figures:
                continue
            rows += [
                (
                    f"{database}: backfill of {figures['backfill_days']} days",
                    f"{figures['backfill_s']} s (goal < 60 s)",
                ),
                (f"{database}: the daily job, first run", f"{figures['daily_job_s']} s (goal < 10 s)"),
                *(
                    (
                        f"{database}: {what}",
                        f"p50 {figures[key]['p50_ms']} ms, p95 {figures[key]['p95_ms']} ms (goal p95 < 300 ms), "
                        f"{figures[key]['queries']} queries",
                    )
                    for what, key in (("Bank Health, 365 days", "bank_health"), ("Arrears, first page", "arrears"))
                ),
            ]
    if name == "page":
        rows += [
            ("sign-in page JavaScript", report["bundle"].removeprefix("Sign-in page JavaScript: ")),
            ("Check Loans, 50 cards: first render after the tab click", f"{report['check_loans_first_render_ms']} ms"),
            ("switch from Check Loans to Report", f"{report['switch_to_report_ms']} ms"),
            ("Check Loans again (cached), 50 cards", f"{report['check_loans_again_ms']} ms (goal 200 ms, recorded)"),
        ]
    for problem in report.get("problems") or []:
        rows.append(("MISSED", problem))
    return rows


def page_figures() -> tuple[int, float, float]:
    """The page goal: the sign-in page's gzipped JavaScript, and Check Loans with 50 cards in Chromium
    (`e2e/test_page_speed.py`, which records its figures in e2e/artifacts/page-speed.json)."""
    started, began_at = time.perf_counter(), time.time()
    size = subprocess.run(
        ["node", "scripts/bundle-size.mjs"], check=False, cwd=ROOT / "frontend", capture_output=True, text=True
    )
    print(size.stdout, end="")
    test = subprocess.run(
        [PYTHON, "-m", "pytest", "e2e/test_page_speed.py", "-q", "-p", "no:asyncio", "-p", "no:django"],
        check=False,
        cwd=ROOT,
    )
    figures = json.loads(PAGE_SPEED.read_text()) if PAGE_SPEED.exists() else {}
    line = next((text for text in size.stdout.splitlines() if text.startswith("Sign-in page")), "not measured")
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "page.json").write_text(json.dumps({"bundle": line, **figures}, indent=2) + "\n")
    return size.returncode or test.returncode, time.perf_counter() - started, began_at


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", default="", help="comma-separated names, e.g. credit,http")
    parser.add_argument("--quick", action="store_true", help="small sizes: check the scripts run")
    args = parser.parse_args(argv)
    chosen = [name for name in scripts() if not args.only or name in args.only.split(",")]

    outcomes = {}
    for name in chosen:
        command = [PYTHON, str(ROOT / "bench" / f"bench_{name}.py"), *(QUICK_ARGS.get(name, []) if args.quick else [])]
        print(f"== bench_{name}.py {' '.join(command[2:])}", flush=True)
        started, began_at = time.perf_counter(), time.time()
        code = subprocess.run(command, check=False, cwd=ROOT, env=environment_for(name)).returncode
        outcomes[name] = (code, time.perf_counter() - started, began_at)

    if not args.only or "page" in args.only.split(","):
        outcomes["page"] = page_figures()

    machine = (
        f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"load average {' '.join(f'{load:.1f}' for load in os.getloadavg())} at the end"
    )
    lines = [
        f"`make bench`{' --quick' if args.quick else ''}, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC, {machine}",
        "",
        "| bench | what | figures |",
        "|---|---|---|",
    ]
    for name, (code, seconds, began_at) in outcomes.items():
        result_file = RESULTS / f"{name}.json"
        # written by this run's script (a file left by an earlier run does not count)
        fresh = result_file.exists() and result_file.stat().st_mtime >= began_at - 1
        if not fresh:
            lines.append(f"| {name} | FAILED | exit {code} after {seconds:.0f} s, no results written |")
            continue
        for what, figures in rows_of(name, json.loads(result_file.read_text())):
            lines.append(f"| {name} | {what} | {figures} |")
        if code:
            lines.append(f"| {name} | exit {code} | see the script's output above |")
    table = "\n".join(lines) + "\n"
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "latest.md").write_text(table)
    print()
    print(table)
    return 1 if any(code for code, _, _ in outcomes.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
