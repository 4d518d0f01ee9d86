"""Player reads at framework speed: one daphne process, wrk with 16 connections on loopback.

    cd /work/main && .venv/bin/python bench/bench_http.py [--seconds 10] [--runs 3]

It builds a scratch SQLite file (SQLITE_PATH, default /tmp/bench-http.sqlite3) with a typical player
(two loans with a few marked days, a savings account with recorded weeks, a loan request) and a heavy
player (100 loans), starts one daphne process as `make run` does, and measures with wrk (Debian's
package; `make bench` installs it): requests a second of the trivial JSON view
(GET /api/keep-alive/ping) and of the typical player's GET /api/me/bank-data in the same run (best of
`runs` each, interleaved), and the heavy player's bank data p50/p95 over sequential requests.
Goals (issue 13): bank data reaches at least 50% of the trivial view's throughput; the heavy player
stays under 30 ms at p95. It writes bench/results/http.json and exits 1 when a goal is missed.
"""

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.measure import fresh_sqlite_file, summary  # noqa: E402

DEFAULT_SQLITE = "/tmp/bench-http.sqlite3"
RESULTS = ROOT / "bench" / "results" / "http.json"
GOALS = {"throughput_share": 0.5, "heavy_p95_ms": 30.0}


def _wrk(url: str, token: str | None, seconds: int) -> float:
    command = ["wrk", "-t2", "-c16", f"-d{seconds}s", "--timeout", "10s"]
    if token:
        command += ["-H", f"Authorization: Bearer {token}"]
    output = subprocess.run([*command, url], check=True, capture_output=True, text=True).stdout
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
    if errors:
        raise RuntimeError(f"wrk saw {errors.group(1)} failed answers from {url}:\n{output}")
    rps = re.search(r"Requests/sec:\s+([\d.]+)", output)
    assert rps is not None, output  # wrk always reports it
    return float(rps.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--heavy-requests", type=int, default=200)
    args = parser.parse_args(argv)
    if not shutil.which("wrk"):
        sys.exit("bench_http.py needs wrk: apt-get install wrk (make bench installs it)")

    sqlite_path = fresh_sqlite_file(default=DEFAULT_SQLITE, script="bench_http.py")
    os.environ["BANK_SESSION_SECONDS"] = "3600"  # one token for the whole run
    from bench.generate import setup_django, typical_player

    setup_django()
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.tests.factories import PlayerFactory, made
    from accounts.tokens import token_issue
    from lending.tests.factories import LoanFactory, LoanPaymentFactory
    from testkit.servers import free_port, wait_until_healthy

    call_command("migrate", interactive=False, verbosity=0)
    today = timezone.localdate()
    typical = typical_player()
    heavy_player = made(PlayerFactory, credit_score=300)
    for index in range(100):
        loan = made(LoanFactory, player=heavy_player, start_date=today - timedelta(days=index % 30))
        for day in range(min(index % 30, 10)):
            LoanPaymentFactory(loan=loan, date=loan.start_date + timedelta(days=day))
    typical_token = token_issue(user=typical.user).access_token
    assert heavy_player.user is not None  # a registered player (the factory's default)
    heavy_token = token_issue(user=heavy_player.user).access_token

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = dict(os.environ) | {"DJANGO_DEBUG": "false", "LOG_LEVEL": "WARNING"}
    daphne = Path(sys.executable).with_name("daphne")
    server = subprocess.Popen(
        [str(daphne), "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_until_healthy(base, server, timeout=60)
        ping_url, data_url = f"{base}/api/keep-alive/ping", f"{base}/api/me/bank-data"
        _wrk(ping_url, None, 2)  # warm-up
        _wrk(data_url, typical_token, 2)
        ping_rates, data_rates = [], []
        for _ in range(args.runs):  # interleaved, so a busy moment of the machine falls on both
            ping_rates.append(_wrk(ping_url, None, args.seconds))
            data_rates.append(_wrk(data_url, typical_token, args.seconds))
        heavy_samples = []
        request = urllib.request.Request(data_url, headers={"Authorization": f"Bearer {heavy_token}"})
        for index in range(args.heavy_requests + 10):
            started = time.perf_counter()
            with urllib.request.urlopen(request, timeout=10) as response:
                body = json.loads(response.read())
            if index >= 10:  # the first ten warm up
                heavy_samples.append((time.perf_counter() - started) * 1000)
        if len(body["loans"]) != 100:
            raise RuntimeError(f"the heavy player's bank data holds {len(body['loans'])} loans, not 100")
    finally:
        server.terminate()
        server.wait(timeout=20)

    ping, data = max(ping_rates), max(data_rates)
    heavy = summary(heavy_samples)
    result: dict[str, Any] = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "sqlite": str(sqlite_path),
        "wrk": f"2 threads, 16 connections, {args.seconds} s, best of {args.runs}",
        "ping_rps": round(ping, 1),
        "bank_data_rps": round(data, 1),
        "bank_data_share": round(data / ping, 3),
        "all_ping_rps": ping_rates,
        "all_bank_data_rps": data_rates,
        "heavy_player_bank_data": heavy,
        "statistics_note": "p50/p95 of sequential requests through the server, loopback",
    }
    problems = []
    if result["bank_data_share"] < GOALS["throughput_share"]:
        problems.append(f"bank data reaches {result['bank_data_share']:.0%} of the trivial view, the goal is 50%")
    if heavy["p95_ms"] >= GOALS["heavy_p95_ms"]:
        problems.append(f"the 100-loan player's bank data p95 is {heavy['p95_ms']} ms, the goal is under 30 ms")
    result["problems"] = problems
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    print(json.dumps(result, indent=2))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
