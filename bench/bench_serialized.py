"""Is it worth answering a player's bank data without a second pass through its output serializers?

    DJANGO_SETTINGS_MODULE=config.settings.local SQLITE_PATH=/tmp/bench-serialized.sqlite3 \\
        .venv/bin/python bench/bench_serialized.py [--calls 100] [--rounds 6]

Every other view answers through its output serializer. `GET /api/me/bank-data` and
`GET /api/players/{id}/products` answer the rows their selectors shape (documented by BankDataOut and
PlayerProductsOut, and checked against them by lending/loans/tests/test_apis.py). This script gives
one player bench_http.py's heavy stock (100 loans with up to 10 marked days each) and times
GET /api/me/bank-data through DRF's APIClient in two modes, alternating rounds so that the machine's
load hits both alike:
- rows: as the bank answers;
- serialized: the same rows passed through BankDataOut(...).data first.
It prints the median and p95 of each, checks both answers hold the same JSON, and writes
bench/results/serialized.json. docs/decisions.md records the figures.
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project is importable

from bench.measure import fresh_sqlite_file  # noqa: E402

DEFAULT_SQLITE = "/tmp/bench-serialized.sqlite3"
RESULTS = ROOT / "bench" / "results" / "serialized.json"
PATH = "/api/me/bank-data"


def _stock():
    from django.utils import timezone

    from accounts.tests.factories import PlayerFactory
    from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory, SavingsFactory

    today = timezone.localdate()
    player = PlayerFactory(credit_score=300, has_solo_access=True)
    for index in range(100):  # bench_http.py's heavy player
        loan = LoanFactory(player=player, start_date=today - timedelta(days=index % 30))
        for day in range(min(index % 30, 10)):
            LoanPaymentFactory(loan=loan, date=loan.start_date + timedelta(days=day))
    SavingsFactory(player=player, weeks=3)
    PendingLoanFactory(player=player)
    return player


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=100, help="calls per round")
    parser.add_argument("--rounds", type=int, default=6, help="rounds of each mode, alternating")
    args = parser.parse_args(argv)

    fresh_sqlite_file(default=DEFAULT_SQLITE, script="bench_serialized.py")
    from bench.generate import setup_django

    setup_django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from accounts.models import Player
    from conftest import bearer_for
    from lending.products import apis, selectors
    from lending.products.serializers import BankDataOut

    player = _stock()
    client = bearer_for(player.user)
    rows_of = selectors.bank_data_for_player

    def serialized(*, player: Player, today: date | None = None) -> dict:
        return BankDataOut(rows_of(player=player, today=today)).data

    def answer() -> bytes:
        response = client.get(PATH)
        assert response.status_code == 200, response.status_code
        return response.content

    def use(mode: str) -> None:
        apis.selectors.bank_data_for_player = rows_of if mode == "rows" else serialized

    def run(mode: str) -> list[float]:
        use(mode)
        answer()  # warm-up
        samples = []
        for _ in range(args.calls):
            start = time.perf_counter()
            answer()
            samples.append((time.perf_counter() - start) * 1000)
        return samples

    bodies = {}
    for mode in ("rows", "serialized"):
        use(mode)
        bodies[mode] = answer()
    if json.loads(bodies["rows"]) != json.loads(bodies["serialized"]):
        print("the two modes answer differently", file=sys.stderr)
        return 1

    samples: dict[str, list[float]] = {"rows": [], "serialized": []}
    for _ in range(args.rounds):
        for mode in samples:
            samples[mode] += run(mode)
    use("rows")

    def figures(values: list[float]) -> dict:
        ordered = sorted(values)
        return {
            "median_ms": round(statistics.median(ordered), 3),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 3),
            "calls": len(ordered),
        }

    result: dict[str, Any] = {mode: figures(values) for mode, values in samples.items()}
    gain = 1 - result["rows"]["median_ms"] / result["serialized"]["median_ms"]
    result["gain_median"] = round(gain, 3)
    result["answer_bytes"] = len(bodies["rows"])
    result["machine"] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    for mode in samples:
        print(f"{mode:10} median {result[mode]['median_ms']:.3f} ms, p95 {result[mode]['p95_ms']:.3f} ms")
    print(f"gain: {gain:.1%} of the serialized median (load average {os.getloadavg()[0]:.1f})")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
