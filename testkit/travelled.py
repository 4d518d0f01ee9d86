"""Run a module as its command line would, on the clock of the test that started it:
`python -m testkit.travelled config.server [daphne's options] config.asgi:application`.

A test whose clock is moved (conftest.py, bank_clock) starts its servers through this launcher
(testkit/servers.py): CLOCK_SHIFT_VARIABLE says how many seconds the test's clock is ahead of the real time
(behind, if negative), and this process moves its own clock as far with time-machine before the module
runs. Both clocks then tick together, so that the sessions, tokens and dates that the test and its
servers write mean the same to both. The product has no such hook: only the tests' servers start here.
The production layout (testkit/layout.py, deploy/serve) starts its processes at the real time: its tests
(marked `servers`) keep the real time too.
"""

import os
import runpy
import sys
import time

import time_machine

CLOCK_SHIFT_VARIABLE = "BANK_TEST_CLOCK_SHIFT"


def clock_shift() -> float:
    """How far the calling process's clock is moved (seconds; 0 at the real time)."""
    if not time_machine.escape_hatch.is_travelling():
        return 0.0
    return time.time() - time_machine.escape_hatch.time.time()


def main() -> None:
    module, *arguments = sys.argv[1:]
    shift = float(os.environ.get(CLOCK_SHIFT_VARIABLE) or 0)
    if shift:
        time_machine.travel(time.time() + shift, tick=True).start()  # for the life of the process
        time.time()  # time-machine's clock ticks from its first reading: from now, as the test's does
    sys.argv = [module, *arguments]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
