"""Python's garbage collector in a server that holds thousands of open sockets.

A daphne process with 5,000 open sockets holds millions of long-lived objects, and the collector
walked all of them whenever a large change allocated enough: a credit migration of 2,500 players took
1.0 s with 1,000 sockets open and 2 to 4 s with 10,000, and reached every player in 1.4 s with the
collector switched off (bench/bench_live.py; bench/README.md, "Issue 13, second pass").

Logged in the servers during that bench, full collections took 750 to 980 ms each, several per
migration, and young ones were logged at 30 to 90 ms (a figure that may include waits for the GIL).
So young collections run every YOUNG_THRESHOLDS[0] allocations instead of 700, and the server's old
objects move, every FREEZE_SECONDS, to the permanent generation that collections
skip (`gc.freeze()`, after collecting what is already garbage): the sockets opened since the last
freeze are all a collection walks. Garbage that forms among frozen objects (a socket that closed,
say) waits for the next reclaim: every RECLAIM_SECONDS everything is unfrozen and collected once,
one pause of a full collection, then frozen again. Measured with both, full collections took 33 to
360 ms; the migration reached every player in 1.55 to 1.73 s, and in 2.54 s with this switched off
(BANK_GC_FREEZE_SECONDS=0).
"""

import gc
import logging
import threading
import time

logger = logging.getLogger("bank.core.collector")

FREEZE_SECONDS = 10.0
RECLAIM_SECONDS = 600.0
# gc.set_threshold: generation 0 every 50,000 allocations, 1 every 20 of those, 2 every 10 of those
YOUNG_THRESHOLDS = (50_000, 20, 10)

_started: dict[str, threading.Event | None] = {"stop": None}


def freeze_once(*, reclaim: bool) -> None:
    """Collect what is garbage now (with `reclaim`, the frozen objects too), then freeze the rest."""
    if reclaim:
        gc.unfreeze()
    gc.collect()
    gc.freeze()


def run_until(stop: threading.Event, *, freeze_seconds: float, reclaim_seconds: float) -> None:
    last_reclaim = time.monotonic()
    while not stop.wait(freeze_seconds):
        reclaim = time.monotonic() - last_reclaim >= reclaim_seconds
        if reclaim:
            last_reclaim = time.monotonic()
        try:
            freeze_once(reclaim=reclaim)
        except Exception:  # a failed round must not end the thread; the next one runs as usual
            logger.exception("garbage collection round failed")


def collector_start(
    *, freeze_seconds: float = FREEZE_SECONDS, reclaim_seconds: float = RECLAIM_SECONDS
) -> threading.Event:
    """Set the thresholds and start the freezing thread, once per process; answers its stop event
    (set it to stop, unfreeze and restore the thresholds)."""
    if _started["stop"] is not None:
        return _started["stop"]
    stop = _started["stop"] = threading.Event()
    thresholds = gc.get_threshold()
    gc.set_threshold(*YOUNG_THRESHOLDS)

    def run() -> None:
        run_until(stop, freeze_seconds=freeze_seconds, reclaim_seconds=reclaim_seconds)
        gc.unfreeze()
        gc.set_threshold(*thresholds)
        _started["stop"] = None

    threading.Thread(target=run, name="gc-freezer", daemon=True).start()
    return stop
