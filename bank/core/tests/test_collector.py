"""bank/core/collector.py: garbage is collected before the living objects are frozen; garbage among frozen
objects waits for the reclaim; the thread freezes by itself and unfreezes when stopped."""

import gc
import time
import weakref

import pytest

from bank.core import collector


class Node:
    other: "Node | None" = None


@pytest.fixture(autouse=True)
def nothing_frozen():
    gc.unfreeze()
    yield
    gc.unfreeze()


def _cycle() -> weakref.ref:
    first, second = Node(), Node()
    first.other, second.other = second, first
    return weakref.ref(first)


def test_a_round_collects_the_garbage_then_freezes_what_lives():
    dead = _cycle()
    alive = Node()
    collector.freeze_once(reclaim=False)
    assert dead() is None
    assert gc.get_freeze_count() > 0
    # what lives is out of the generations a collection walks, until unfrozen
    assert not any(seen is alive for seen in gc.get_objects())
    gc.unfreeze()
    assert any(seen is alive for seen in gc.get_objects())


def test_garbage_among_frozen_objects_waits_for_the_reclaim():
    ref = _cycle()  # not garbage yet: held below
    holder = [ref()]
    collector.freeze_once(reclaim=False)  # the cycle is frozen, alive
    holder.clear()  # now garbage, but frozen
    collector.freeze_once(reclaim=False)
    assert ref() is not None
    collector.freeze_once(reclaim=True)
    assert ref() is None


def test_the_thread_freezes_and_reclaims_by_itself_and_undoes_it_all_when_stopped():
    thresholds = gc.get_threshold()
    stop = collector.collector_start(freeze_seconds=0.02, reclaim_seconds=0.1)
    try:
        assert collector.collector_start() is stop  # once per process
        assert gc.get_threshold() == collector.YOUNG_THRESHOLDS
        ref = _cycle()
        holder = [ref()]
        deadline = time.monotonic() + 10
        while gc.get_freeze_count() == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert gc.get_freeze_count() > 0
        holder.clear()
        while ref() is not None and time.monotonic() < deadline:  # a reclaim comes within 0.1 s
            time.sleep(0.01)
        assert ref() is None
    finally:
        stop.set()
        deadline = time.monotonic() + 10
        while collector._started["stop"] is not None and time.monotonic() < deadline:
            time.sleep(0.01)
    assert collector._started["stop"] is None
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == thresholds
