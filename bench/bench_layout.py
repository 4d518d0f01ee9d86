"""The production layout of issue 31 against the layout before it: the typical player's bank data through nginx.

    cd /work/main && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/bench_layout.py [--seconds 10] [--runs 3]

It makes a scratch PostgreSQL database (`guild_bench_layout`, dropped first; DATABASE_URL only says
where the server is) and uses Redis database 10, with the typical player of bench_http.py (two loans
with a few marked days, a savings account with recorded weeks, a loan request). Then it starts, one
after the other, the two layouts deploy/serve starts (supervisor, nginx on one port, production
settings, the connection pool), both at once on ports of their own, and measures with wrk (2 threads)
through each one's nginx the typical player's GET /api/me/bank-data, with the player's Bearer token,
taking turns between them run by run (a change in the machine's load weighs on both alike):

- new:    nginx -> 2 gunicorn sync workers for HTTP (1 daphne process for the sockets, 1 task worker);
- before: nginx -> 2 daphne processes for HTTP and sockets alike (BANK_HTTP_ON_SOCKET_SERVERS=true),
          the layout before issue 31 (its idle gunicorn worker takes no request).

For each: requests a second at 32 connections (best of `runs`) and the 95th percentile of the latency
at 8 connections (wrk's own histogram, printed by a Lua script: `wrk --latency` stops at 50/75/90/99),
while it counts each layout's database connections every 100 ms (apart: each its own PGAPPNAME).

Goals (issue 31): the new layout serves at least 2.0 times the requests a second of the one before,
and its p95 at 8 connections is at most 50 ms. On a machine of two CPUs the load generator (wrk),
PostgreSQL, Redis, nginx and the servers share them, and the figures say so. It writes
bench/results/layout.json and exits 1 when a goal is missed or a connection count passed its bound
((Django processes) x BANK_DB_POOL_MAX).
"""

import argparse
import os
import platform
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Mapping
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.layout_tools import bench_environment, results_written, scratch_urls  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "layout.json"
SCRATCH_DB = "guild_bench_layout"
REDIS_DB = 10
POOL_MAX = 10  # BANK_DB_POOL_MAX's default
GOALS = {"new_over_today": 2.0, "new_p95_ms": 50.0}
# The last commit before issue 31: WORKERS daphne processes sharing one port (supervisor's socket and
# the Twisted patch that took turns), no proxy. The bench runs that very code, from a git worktree of
# this commit, on the same database: "today's layout" of the issue.
TODAY_COMMIT = "0784451"
# worker counts (lower case) and environment variables (upper case)
LAYOUTS: dict[str, dict[str, int | str]] = {
    "new": {"http_workers": 2, "socket_workers": 1, "task_workers": 1},
    "before": {"http_workers": 1, "socket_workers": 2, "task_workers": 1, "BANK_HTTP_ON_SOCKET_SERVERS": "true"},
}
# wrk's own latency histogram (microseconds), read back by _wrk
PERCENTILES_LUA = """
done = function(summary, latency, requests)
  for _, p in ipairs({50, 90, 95, 99}) do
    io.write(string.format("percentile %d %d\\n", p, latency:percentile(p)))
  end
end
"""


def _wrk(url: str, token: str, seconds: int, connections: int, script: Path) -> dict:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s", str(script)]
    command += ["-H", f"Authorization: Bearer {token}", url]
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors:
        raise RuntimeError(f"wrk saw {errors.group(1)} failed answers from {url}:\n{output}")
    percentiles = {int(p): int(us) / 1000 for p, us in re.findall(r"percentile (\d+) (\d+)", output)}
    rps = re.search(r"Requests/sec:\s+([\d.]+)", output)
    assert rps is not None, output  # wrk always reports it
    return {
        "rps": float(rps.group(1)),
        "p50_ms": round(percentiles[50], 1),
        "p90_ms": round(percentiles[90], 1),
        "p95_ms": round(percentiles[95], 1),
        "p99_ms": round(percentiles[99], 1),
    }


def _settled(url: str, token: str, timeout: float = 30) -> None:
    """Until 40 answers in a row are 200, each on a connection of its own (so through either nginx
    worker): the start's health checks found the socket files missing, and each nginx worker counts a
    refused server out for fail_timeout (10 s) on its own."""
    deadline, in_a_row = time.monotonic() + timeout, 0
    while in_a_row < 40:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer 200 forty times in a row within {timeout:.0f} s")
        request = urllib.request.Request(url, headers={"Authorization": f"Bearer {token}"})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                in_a_row = in_a_row + 1 if response.status == 200 else 0
        except (urllib.error.URLError, OSError):
            in_a_row = 0
            time.sleep(0.5)


@contextmanager
def todays_layout(*, env: dict[str, str], workers: int = 2) -> Iterator[str]:
    """The layout of TODAY_COMMIT (`deploy/serve` of that checkout, WORKERS daphne processes on one port
    and its scheduler), on a free port; answers its base URL."""
    import signal

    from testkit.servers import free_port, wait_until_healthy

    where = Path(tempfile.mkdtemp(prefix="bench-today-"))
    checkout = where / "bank"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), TODAY_COMMIT],
        check=True,
        capture_output=True,
    )
    (checkout / ".venv").symlink_to(ROOT / ".venv")
    port = free_port()
    full_env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"} | env
    full_env |= {"WORKERS": str(workers), "PORT": str(port), "BANK_RUN_DIR": str(where / "run")}
    server = subprocess.Popen(
        [str(checkout / "deploy" / "serve")],
        cwd=checkout,
        env=full_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        base_url = f"http://127.0.0.1:{port}"
        wait_until_healthy(base_url, server, timeout=90)
        yield base_url
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout)], check=False)
        shutil.rmtree(where, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--connections", type=int, default=32, help="for the requests a second")
    parser.add_argument("--latency-connections", type=int, default=8, help="for the p95")
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("bench_layout.py needs wrk: apt-get install wrk (make bench installs it)")

    database_url, redis_url = scratch_urls("bench_layout.py", SCRATCH_DB, REDIS_DB)
    secret = secrets.token_urlsafe(64)
    bench_environment(database_url, redis_url, secret)
    from bench.generate import setup_django, typical_player

    setup_django()
    from django.core.management import call_command

    from accounts.tokens import token_issue
    from testkit.layout import ConnectionSampler, production_layout

    call_command("migrate", interactive=False, verbosity=0)
    typical = typical_player()
    token = token_issue(user=typical.user).access_token
    script = Path(tempfile.mkdtemp(prefix="bench-layout-")) / "percentiles.lua"
    script.write_text(PERCENTILES_LUA)

    # both layouts run at once, each on its own port, and wrk takes turns between them, run by run: a
    # machine whose load changes (other work on it) weighs on both alike. The idle layout's processes
    # wait in accept() and take no CPU.
    with ExitStack() as stack:
        layouts, samplers = {}, {}
        for name, shape in LAYOUTS.items():
            env = {"DJANGO_SECRET_KEY": secret, "BANK_SESSION_SECONDS": "3600", "LOG_LEVEL": "WARNING"}
            env |= {key: str(value) for key, value in shape.items() if key.isupper()}
            # each layout's database connections counted apart
            env["PGAPPNAME"] = f"guild-bench-layout-{name}"
            workers = {key: int(value) for key, value in shape.items() if not key.isupper()}
            layouts[name] = stack.enter_context(
                # env's keys are environment variables, none of production_layout's worker counts
                production_layout(**workers, pool_max=POOL_MAX, REDIS_URL=redis_url, **env)  # type: ignore[arg-type]
            )
        today_env = {
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": secret,
            "DJANGO_SECURE_SSL_REDIRECT": "false",
            "DATABASE_URL": database_url,
            "REDIS_URL": redis_url,
            "BANK_DB_POOL_MAX": str(POOL_MAX),
            "BANK_SESSION_SECONDS": "3600",
            "LOG_LEVEL": "WARNING",
            "PGAPPNAME": "guild-bench-layout-today",
        }
        today_url = stack.enter_context(todays_layout(env=today_env))
        names = [*LAYOUTS, "today"]
        for name in names:
            samplers[name] = stack.enter_context(ConnectionSampler(f"guild-bench-layout-{name}"))
        urls = {name: f"{layout.base_url}/api/me/bank-data" for name, layout in layouts.items()}
        urls["today"] = f"{today_url}/api/me/bank-data"
        for url in urls.values():
            _settled(url, token)
            _wrk(url, token, 2, args.connections, script)  # warm-up: every process, its pool and caches
        throughput: dict[str, list[dict]] = {name: [] for name in names}
        latency: dict[str, list[dict]] = {name: [] for name in names}
        for run in range(args.runs):
            order = names if run % 2 == 0 else list(reversed(names))
            for name in order:
                throughput[name].append(_wrk(urls[name], token, args.seconds, args.connections, script))
            for name in order:
                latency[name].append(_wrk(urls[name], token, args.seconds, args.latency_connections, script))
            print(
                f"run {run + 1}: "
                + "; ".join(
                    f"{name} {throughput[name][-1]['rps']:.1f} req/s, p95 {latency[name][-1]['p95_ms']} ms"
                    for name in names
                ),
                flush=True,
            )

    figures = {}
    shapes: dict[str, Mapping[str, object]] = LAYOUTS | {
        "today": {"commit": TODAY_COMMIT, "daphne_processes_on_one_port": 2, "proxy": None}
    }
    bounds = {name: layout.connection_bound for name, layout in layouts.items()} | {"today": (2 + 2) * POOL_MAX}
    for name, recorded_shape in shapes.items():
        best = max(throughput[name], key=lambda run: run["rps"])
        calm = min(latency[name], key=lambda run: run["p95_ms"])
        figures[name] = {
            "shape": recorded_shape,
            "bank_data_rps": round(best["rps"], 1),
            "all_rps": [run["rps"] for run in throughput[name]],
            f"p95_ms_at_{args.connections}": best["p95_ms"],
            "p50_ms": calm["p50_ms"],
            "p95_ms": calm["p95_ms"],
            "p99_ms": calm["p99_ms"],
            "all_p95_ms": [run["p95_ms"] for run in latency[name]],
            "connections_peak": samplers[name].peak,
            "connections_bound": bounds[name],
        }
        print(
            f"{name}: {best['rps']:.1f} req/s at {args.connections} connections, p95 {calm['p95_ms']} ms at "
            f"{args.latency_connections}, database connections peak {samplers[name].peak} "
            f"(bound {bounds[name]})",
            flush=True,
        )

    ratio = figures["new"]["bank_data_rps"] / figures["today"]["bank_data_rps"]
    over_proxied_daphne = figures["new"]["bank_data_rps"] / figures["before"]["bank_data_rps"]
    load = os.getloadavg()
    result = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "load_average_at_end": [round(value, 1) for value in load],
        "load_note": (
            f"wrk (2 threads), PostgreSQL, Redis, nginx and the servers share the machine's {os.cpu_count()} CPUs"
        ),
        "wrk": (
            f"2 threads, {args.seconds} s a run, {args.runs} runs taking turns between the two layouts (both up): requests/s at {args.connections} connections "
            f"(best run), p95 at {args.latency_connections} connections (best run)"
        ),
        "new": figures["new"],
        "today": figures["today"],
        "before": figures["before"],
        "new_over_today": round(ratio, 2),
        "new_over_daphne_behind_nginx": round(over_proxied_daphne, 2),
    }
    problems = []
    if ratio < GOALS["new_over_today"]:
        problems.append(
            f"the new layout serves {ratio:.2f} times today's layout ({TODAY_COMMIT}), the goal is "
            f"{GOALS['new_over_today']}"
        )
    if figures["new"]["p95_ms"] > GOALS["new_p95_ms"]:
        problems.append(
            f"the new layout's p95 at {args.latency_connections} connections is {figures['new']['p95_ms']} ms, "
            f"the goal is at most {GOALS['new_p95_ms']:.0f} ms"
        )
    for name, figure in figures.items():
        if figure["connections_peak"] > figure["connections_bound"]:
            problems.append(
                f"the {name} layout held {figure['connections_peak']} connections, "
                f"over the bound {figure['connections_bound']}"
            )
    return results_written(RESULTS, result, problems)


if __name__ == "__main__":
    sys.exit(main())
