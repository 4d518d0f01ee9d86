"""Run one piece of work in many threads at once, for race tests."""

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def run_at_once(work: Callable[[int], Any], *, threads: int = 20) -> list:
    """Start `threads` threads that call work(index) together; their results (or errors), in index order.

    Each thread has its own database connection (closed at its end, so PostgreSQL can drop the
    test database). Use with django_db(transaction=True): the threads cannot see a test's
    uncommitted rows.
    """
    barrier = threading.Barrier(threads)
    results: list = [None] * threads

    def thread_main(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            try:
                results[index] = work(index)
            except Exception as error:  # noqa: BLE001 - returned to assert on: a thread must not hide what happened
                results[index] = error
        finally:
            connection.close()

    started = [threading.Thread(target=thread_main, args=(i,)) for i in range(threads)]
    for thread in started:
        thread.start()
    for thread in started:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in started), "a thread did not finish"
    return results
