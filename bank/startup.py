"""What a server process does once its application is loaded (plumbing)."""

import gc

# Python's own thresholds for the collector's generations (700, 10, 10 by default), raised: a daphne
# process holding 5,000 sockets has hundreds of thousands of objects made after start-up, and a
# notice to every player made enough garbage for the collector to walk them again and again while the
# notice went out. Measured with bench/bench_live.py (10,000 sockets through nginx over 2 daphne
# processes): a migration reached every player in 2.22 and 2.35 s with the defaults, in 1.85 s with
# these (docs/decisions.md, issue 31). The young generation is collected every 50,000 allocations
# instead of 700; what is garbage still goes, a little later.
THRESHOLDS = (50_000, 20, 100)


def freeze_startup_objects() -> None:
    """Collect the start-up's garbage, then move what lives (modules, settings, URL patterns) to
    the permanent generation that collections skip: one `gc.freeze()`, Python's own documented use;
    and set the collector's thresholds (THRESHOLDS). There is no collector thread. Called by
    config/asgi.py and config/wsgi.py."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
