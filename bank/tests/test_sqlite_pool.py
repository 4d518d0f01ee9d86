"""bank/sqlite: a connection a thread closes outside a transaction serves the next thread; one
closed inside a transaction, or beyond the pool's size, is really closed."""

import threading

import pytest
from django.db import connection, connections, transaction

from bank.sqlite import base as pool

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "sqlite", reason="the pool is the SQLite backend's"),
]


@pytest.fixture(autouse=True)
def empty_pool():
    pool.pool_close()
    yield
    pool.pool_close()


def _in_a_thread(work):
    """Run work() in a new thread, as daphne runs each request, and close its connection after."""
    result = {}

    def run():
        try:
            result["value"] = work()
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return result.get("value")


def _raw_connection():
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return connection.connection


def _name():
    return connection.settings_dict["NAME"]


def test_the_next_thread_reuses_the_connection_the_last_one_closed():
    first = _in_a_thread(_raw_connection)
    assert pool._idle[_name()] == [first]
    second = _in_a_thread(_raw_connection)
    assert second is first
    assert pool._idle[_name()] == [first]


def test_a_reused_connection_has_its_foreign_keys_checked_again():
    def switch_off():
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA foreign_keys = OFF")

    _in_a_thread(switch_off)

    def foreign_keys():
        with connection.cursor() as cursor:
            cursor.execute("PRAGMA foreign_keys")
            return cursor.fetchone()[0]

    assert _in_a_thread(foreign_keys) == 1


def test_a_connection_closed_inside_a_transaction_is_closed_not_kept():
    def close_in_transaction():
        with transaction.atomic():
            raw = _raw_connection()
            connection.close()  # Django rolls back and marks it; the pool must not take it
        return raw

    raw = _in_a_thread(close_in_transaction)
    assert raw not in pool._idle.get(_name(), [])


def test_the_pool_keeps_at_most_its_size_and_closes_the_rest():
    barrier = threading.Barrier(pool.POOL_SIZE + 2)
    opened = []

    def hold():
        opened.append(_raw_connection())
        barrier.wait(timeout=30)  # every thread holds its own connection at once
        connections.close_all()

    threads = [threading.Thread(target=hold) for _ in range(pool.POOL_SIZE + 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(map(id, opened))) == pool.POOL_SIZE + 2
    assert len(pool._idle[_name()]) == pool.POOL_SIZE


def test_pool_close_closes_the_idle_connections():
    raw = _in_a_thread(_raw_connection)
    pool.pool_close(_name())
    assert _name() not in pool._idle
    with pytest.raises(Exception, match="closed"):
        raw.execute("SELECT 1")
