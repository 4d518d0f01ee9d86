"""bank/startup.py: the start-up's garbage is collected, and what lives is frozen once."""

import gc
import weakref

import pytest

from bank.startup import THRESHOLDS, freeze_startup_objects


class Node:
    other: "Node | None" = None


@pytest.fixture(autouse=True)
def nothing_frozen():
    thresholds = gc.get_threshold()
    gc.unfreeze()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def test_the_garbage_is_collected_and_what_lives_is_frozen():
    first, second = Node(), Node()
    first.other, second.other = second, first
    dead = weakref.ref(first)
    del first, second
    alive = Node()
    freeze_startup_objects()
    assert dead() is None
    assert gc.get_freeze_count() > 0
    assert not any(seen is alive for seen in gc.get_objects())  # out of the collections' walks
    assert gc.get_threshold() == THRESHOLDS
