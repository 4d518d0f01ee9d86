"""Is `bank.sql.CompiledQuery` worth reaching into Django's query compiler? A/B on one process.

    DJANGO_SETTINGS_MODULE=config.settings.local SQLITE_PATH=/tmp/bench-compiled.sqlite3 \\
        .venv/bin/python bench/bench_compiled.py [--calls 200] [--rounds 6]

It deletes and migrates SQLITE_PATH (never the project's db.sqlite3), gives one player three loans
with day entries, two savings accounts with weeks and a loan request, then times
GET /api/me/bank-data through DRF's APIClient (the session look-up of every authenticated call and
the five product reads are compiled queries) in two modes, alternating rounds so that the machine's
load hits both alike:
- compiled: as the bank runs;
- orm: every CompiledQuery builds and compiles its QuerySet again on each call (`list(build(...))`),
  which is what the ORM does without the compiled queries.
It prints the median and p95 per call of each mode and the gain, checks both answers are byte for
byte equal, and writes bench/results/compiled.json. docs/decisions.md records the figures.
"""

import argparse
import json
import os
import platform
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run as a script: the project is importable

from bench.measure import fresh_sqlite_file  # noqa: E402

DEFAULT_SQLITE = "/tmp/bench-compiled.sqlite3"
RESULTS = ROOT / "bench" / "results" / "compiled.json"
PATH = "/api/me/bank-data"


def _stock():
    from accounts.tests.factories import PlayerFactory
    from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory, SavingsFactory

    player = PlayerFactory(credit_score=300, has_solo_access=True)
    for _ in range(3):
        loan = LoanFactory(player=player)
        for days_ago in (1, 2, 3):
            LoanPaymentFactory(loan=loan, date=loan.start_date.fromordinal(loan.start_date.toordinal() + days_ago))
    SavingsFactory(player=player, weeks=3)
    SavingsFactory(player=player, weeks=1)
    PendingLoanFactory(player=player)
    return player


def _orm_rows(self, using="default", **values):
    """What the ORM does on every call without CompiledQuery: build, compile and run the QuerySet."""
    return [tuple(row) for row in self.build(**values).using(using)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=200, help="calls per round")
    parser.add_argument("--rounds", type=int, default=6, help="rounds of each mode, alternating")
    args = parser.parse_args(argv)

    fresh_sqlite_file(default=DEFAULT_SQLITE, script="bench_compiled.py")
    from bench.generate import setup_django

    setup_django()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from bank import sql
    from conftest import bearer_for

    player = _stock()
    client = bearer_for(player.user)
    compiled_rows = sql.CompiledQuery.rows

    def use(rows) -> None:
        """The bench swaps CompiledQuery.rows for the ORM's way and back, to time both."""
        sql.CompiledQuery.rows = rows  # type: ignore[method-assign]

    def answer() -> bytes:
        response = client.get(PATH)
        assert response.status_code == 200, response.status_code
        return response.content

    def run(mode: str) -> list[float]:
        use(compiled_rows if mode == "compiled" else _orm_rows)
        answer()  # warm-up
        samples = []
        for _ in range(args.calls):
            start = time.perf_counter()
            answer()
            samples.append((time.perf_counter() - start) * 1000)
        return samples

    use(_orm_rows)
    orm_body = answer()
    use(compiled_rows)
    compiled_body = answer()
    if orm_body != compiled_body:
        print("the two modes answer differently", file=sys.stderr)
        return 1

    samples: dict[str, list[float]] = {"compiled": [], "orm": []}
    for _ in range(args.rounds):
        for mode in ("compiled", "orm"):
            samples[mode] += run(mode)
    use(compiled_rows)

    def figures(values: list[float]) -> dict:
        ordered = sorted(values)
        return {
            "median_ms": round(statistics.median(ordered), 3),
            "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1], 3),
            "calls": len(ordered),
        }

    result = {mode: figures(values) for mode, values in samples.items()}
    gain = 1 - result["compiled"]["median_ms"] / result["orm"]["median_ms"]
    result["gain_median"] = round(gain, 3)
    result["machine"] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    for mode in ("compiled", "orm"):
        print(f"{mode:9} median {result[mode]['median_ms']:.3f} ms, p95 {result[mode]['p95_ms']:.3f} ms")
    print(f"gain: {gain:.1%} of the ORM's median (load average {os.getloadavg()[0]:.1f})")
    RESULTS.parent.mkdir(exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
