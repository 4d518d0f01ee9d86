"""What every benchmark here needs: a scratch SQLite file, timed runs, query counts, p50/p95."""

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def fresh_sqlite_file(*, default: str, script: str) -> Path:
    """Point the settings at SQLITE_PATH and delete that file (refusing anything but a scratch SQLite file)."""
    if os.environ.get("DATABASE_URL"):
        sys.exit(f"{script} builds a fresh SQLite file; unset DATABASE_URL (it would wipe that database).")
    path = Path(os.environ.setdefault("SQLITE_PATH", default)).resolve()
    if path == (ROOT / "db.sqlite3").resolve():
        sys.exit(f"refusing to delete the project's database {path}; set SQLITE_PATH to a scratch file")
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path


def timed[Result](call: Callable[[], Result], runs: int) -> tuple[list[float], Result]:
    """One warm-up call, then `runs` timed calls; answers the samples in ms and the last result."""
    result = call()  # warm-up: imports, first connection, caches
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        result = call()
        samples.append((time.perf_counter() - started) * 1000)
    return samples, result


def queries_of(call: Callable[[], object]) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as context:
        call()
    return len(context.captured_queries)


def summary(samples: list[float], **extra) -> dict:
    ordered = sorted(samples)
    p95 = statistics.quantiles(ordered, n=20, method="inclusive")[18] if len(ordered) > 1 else ordered[0]
    return {
        "p50_ms": round(statistics.median(ordered), 1),
        "p95_ms": round(p95, 1),
        "min_ms": round(ordered[0], 1),
        "max_ms": round(ordered[-1], 1),
        "runs": len(ordered),
        **extra,
    }
